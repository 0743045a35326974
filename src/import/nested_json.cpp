#include "import/nested_json.h"

#include <string>

#include "core/algorithm.h"

namespace speedlab::import {

namespace {

bool algorithm_key(const std::string& key) {
    return looks_like_algorithm(canonical_symmetric_id(key));
}

// The object whose keys name algorithms over rows or sizes: DOC, or one of
// its values; null when none.
const nlohmann::json* algorithm_object(const nlohmann::json& doc) {
    auto holds = [](const nlohmann::json& j) {
        if (!j.is_object()) return false;
        for (const auto& [key, value] : j.items())
            if ((value.is_array() || value.is_object()) && algorithm_key(key)) return true;
        return false;
    };
    if (holds(doc)) return &doc;
    if (doc.is_object())
        for (const auto& [key, value] : doc.items())
            if (holds(value)) return &value;
    return nullptr;
}

// The unit a sibling key states for an object of sizes ("unit": "bytes/s").
std::string stated_unit(const nlohmann::json& doc, const nlohmann::json& object) {
    for (const auto* j : {&object, &doc})
        if (j->is_object() && j->contains("unit") && (*j)["unit"].is_string())
            return (*j)["unit"].get<std::string>();
    return {};
}

bool whole_number(const std::string& s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

std::optional<nlohmann::json> nested_rows(const nlohmann::json& doc) {
    const nlohmann::json* object = algorithm_object(doc);
    if (object == nullptr) return std::nullopt;
    const std::string unit = stated_unit(doc, *object);
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& [key, value] : object->items()) {
        if (!algorithm_key(key)) continue;
        if (value.is_array())
            for (const auto& row : value) {
                if (!row.is_object()) continue;
                nlohmann::json named = row;
                if (!named.contains("algorithm")) named["algorithm"] = key;
                rows.push_back(std::move(named));
            }
        else if (value.is_object() && !unit.empty())  // without a unit its figures are none
            for (const auto& [size, figure] : value.items())
                if (whole_number(size) && figure.is_number())
                    rows.push_back({{"algorithm", key}, {"block_size", size}, {unit, figure}});
    }
    if (rows.empty()) return std::nullopt;
    return rows;
}

}  // namespace speedlab::import
