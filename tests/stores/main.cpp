// The tests that run on both back ends share one PostgreSQL server per process.
#include <gtest/gtest.h>

#include "pg_server.h"

namespace {
class StopServer : public ::testing::Environment {
  public:
    void TearDown() override { speedlab::testing::PgServer::stop(); }
};
}  // namespace

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::AddGlobalTestEnvironment(new StopServer);
    return RUN_ALL_TESTS();
}
