#pragma once
// A poster's Markdown emphasis inside openssl's own rows ("384 bit ecdsa
// (nistp384) **0.0002s** 0.0008s **5045.4** 1204.9"): the row without it,
// when that is a row openssl prints (issue 34, MISSES round ten kind 41).
#include <string>
#include <string_view>

namespace speedlab::parse {

// LINE with `**x**`, `__x__` and `*x*` around its fields (a whole word, or
// words from one's start to another's end) removed; empty when it holds none.
std::string without_emphasis(std::string_view line);

// LINE without emphasis when that is one of openssl's rows (a public-key,
// KEM or throughput row of figures); empty otherwise. Only lines holding '*'
// or '_' are looked at.
std::string emphasised_row(std::string_view line);

}  // namespace speedlab::parse
