// A table of block sizes as rows whose columns are a cipher's two directions
// ("| Data Size | Encrypt (MB/s) | Decrypt (MB/s) |"): a program of its own
// timed both per size (kctsb's "OpenSSL 3.6.0 Baseline"); `openssl speed`
// times one direction per run, and its columns are machines.
#include <string>

#include "core/text.h"
#include "parse/hand_rules.h"

namespace speedlab::parse {

bool columns_pair_directions(const Grid& t) {
    bool encrypt = false, decrypt = false;
    for (size_t k = 1; k < t.row(0).size(); ++k) {
        std::string h = lower_ascii(t.text(0, k));
        bool enc = h.find("encrypt") != std::string::npos;
        bool dec = h.find("decrypt") != std::string::npos;
        if (enc != dec) (enc ? encrypt : decrypt) = true;  // not "Encrypt/Decrypt"
    }
    return encrypt && decrypt;
}

}  // namespace speedlab::parse
