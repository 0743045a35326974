#include "import/identity.h"

#include "store/content_key.h"

namespace speedlab::import {

void make_final(Run& run) {
    for (auto& note : drop_implausible(run.measurements)) run.notes.push_back(std::move(note));
}

std::string text_sha256(std::string_view bytes) {
    return store::sha256_hex(bytes);
}

std::string import_identity(const Run& run) {
    if (run.source == "imported") return store::content_key(run);
    Run unlabelled = run;
    unlabelled.label.clear();
    return "measured:" + store::content_sha256(unlabelled);
}

}  // namespace speedlab::import
