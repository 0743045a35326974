#pragma once
// JSON a harness nests by algorithm (issue 34): `{"aes-128-gcm": [{"block_size":
// 16, "kbytes_per_sec": 45659.14}, ...]}`, or an object of sizes per algorithm
// beside the unit (`{"aes-128-gcm": {"16": 45659140}, "unit": "bytes/s"}`),
// maybe one level down (`{"results": {...}}`): the rows read_columns reads
// from an array of objects, each with the algorithm its key names.
#include <nlohmann/json.hpp>
#include <optional>

namespace speedlab::import {

// The rows of such a DOC, an array of objects; nullopt when DOC is not nested so.
std::optional<nlohmann::json> nested_rows(const nlohmann::json& doc);

}  // namespace speedlab::import
