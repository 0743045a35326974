# Writes OUT with the git revision of SOURCE_DIR ("unknown" outside git), run at
# every build; the file is rewritten only when the revision changed, so that
# nothing recompiles needlessly.
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
  OUTPUT_VARIABLE revision OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE failed ERROR_QUIET)
if(failed OR revision STREQUAL "")
  set(revision "unknown")
endif()
set(text "#pragma once\n// Generated at build time by cmake/git_revision.cmake.\n#define SPEEDLAB_GIT_REVISION \"${revision}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
