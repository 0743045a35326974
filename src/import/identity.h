#pragma once
// A run is identified once, when it is final: parse's resolve stage (or the
// reader of another format) has left out the figures no machine gives, so the
// key computed here is the key the store keeps (store/content_key.h holds the
// one SHA-256 helper and the keys themselves).
#include <string>
#include <string_view>

#include "core/run.h"

namespace speedlab::import {

// Leaves out what no machine gives (core/measurement.h), each a note: a
// bundle's run or another tool's figures, before anything identifies it.
void make_final(Run& run);

// The sha256 of a file's bytes, which its runs' sources keep.
std::string text_sha256(std::string_view bytes);

// What marks one run given twice in one import: its content key, and for a
// measured run (whose key is its whole content) its content but for its label.
std::string import_identity(const Run& run);

}  // namespace speedlab::import
