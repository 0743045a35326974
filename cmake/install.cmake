# Installation: the binary, its man page and shell completions (generated at
# build time by the binary itself from the command definitions --help prints),
# the portable kernels, the docs; and the Debian package (make deb).
include(GNUInstallDirs)

# The git revision for --version, checked at every build.
add_custom_target(speedlab_git_revision
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR}
    -DOUT=${CMAKE_BINARY_DIR}/generated/cli/git_revision.h -P ${CMAKE_SOURCE_DIR}/cmake/git_revision.cmake
  BYPRODUCTS ${CMAKE_BINARY_DIR}/generated/cli/git_revision.h
  COMMENT "git revision for --version")
add_dependencies(speedlab speedlab_git_revision)

set(speedlab_man ${CMAKE_BINARY_DIR}/man/speedlab.1)
set(speedlab_completions ${CMAKE_BINARY_DIR}/completions)
string(TIMESTAMP SPEEDLAB_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(packaging/changelog.in ${CMAKE_BINARY_DIR}/packaging/changelog @ONLY)
add_custom_command(OUTPUT ${speedlab_man} ${speedlab_man}.gz
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
  COMMAND speedlab help-man -o ${speedlab_man}
  COMMAND gzip -9nkf ${speedlab_man}
  DEPENDS speedlab COMMENT "man page speedlab.1 from the command definitions")
add_custom_command(OUTPUT ${speedlab_completions}/speedlab ${speedlab_completions}/_speedlab
    ${speedlab_completions}/speedlab.fish
  COMMAND ${CMAKE_COMMAND} -E make_directory ${speedlab_completions}
  COMMAND speedlab help-completion bash -o ${speedlab_completions}/speedlab
  COMMAND speedlab help-completion zsh -o ${speedlab_completions}/_speedlab
  COMMAND speedlab help-completion fish -o ${speedlab_completions}/speedlab.fish
  DEPENDS speedlab COMMENT "bash, zsh and fish completion from the command definitions")
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/packaging/changelog.gz
  COMMAND gzip -9nkf ${CMAKE_BINARY_DIR}/packaging/changelog
  DEPENDS ${CMAKE_BINARY_DIR}/packaging/changelog)
add_custom_target(speedlab_install_files ALL DEPENDS ${speedlab_man}.gz ${speedlab_completions}/speedlab
  ${speedlab_completions}/_speedlab ${speedlab_completions}/speedlab.fish
  ${CMAKE_BINARY_DIR}/packaging/changelog.gz)

# zsh looks in vendor-completions for packaged files on Debian, in site-functions
# elsewhere; chosen at install time, as --prefix may change the prefix then.
set(SPEEDLAB_ZSH_COMPLETION_DIR "" CACHE STRING "where _speedlab goes (default: by prefix)")

install(TARGETS speedlab RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The 64-bit kernels of `experiment isa`, found beside bin/ in libexec/speedlab;
# 32-bit ones are for the build tree only (a package holds one architecture).
foreach(level ${speedlab_isa_levels})
  if(level MATCHES "^x86-64")
    install(TARGETS speedlab-kernels-${level} RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/speedlab)
  endif()
endforeach()
install(FILES ${speedlab_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${speedlab_completions}/speedlab DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(CODE "
  set(zsh_dir \"${SPEEDLAB_ZSH_COMPLETION_DIR}\")
  if(zsh_dir STREQUAL \"\" AND CMAKE_INSTALL_PREFIX STREQUAL \"/usr\")
    set(zsh_dir \"${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions\")
  elseif(zsh_dir STREQUAL \"\")
    set(zsh_dir \"${CMAKE_INSTALL_DATADIR}/zsh/site-functions\")
  endif()
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/\${zsh_dir}\" TYPE FILE FILES \"${speedlab_completions}/_speedlab\")")
install(FILES ${speedlab_completions}/speedlab.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# The nightly benchmark's systemd units (docs/deploy.md), their paths under
# the prefix the install is made with (it may change at install time).
install(CODE "
  set(units \"${CMAKE_BINARY_DIR}/packaging/units\")
  file(MAKE_DIRECTORY \"\${units}\")
  set(SPEEDLAB_BIN_DIR \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
  set(SPEEDLAB_DOC_DIR \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/doc/speedlab\")
  configure_file(\"${CMAKE_SOURCE_DIR}/packaging/speedlab-nightly.service.in\"
    \"\${units}/speedlab-nightly.service\" @ONLY)
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/lib/systemd/system\" TYPE FILE
    FILES \"\${units}/speedlab-nightly.service\" \"${CMAKE_SOURCE_DIR}/packaging/speedlab-nightly.timer\")")
install(FILES README.md docs/architecture.md docs/cli.md docs/deploy.md docs/history.md docs/json.md packaging/copyright
  ${CMAKE_BINARY_DIR}/packaging/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The reference set of real machines' openssl speed runs (data/reference/README.md).
install(FILES data/reference/reference.json data/reference/README.md data/reference/excluded.md
  DESTINATION ${CMAKE_INSTALL_DATADIR}/speedlab/reference)
install(DIRECTORY data/reference/sources DESTINATION ${CMAKE_INSTALL_DATADIR}/speedlab/reference)

# make deb: cpack -G DEB in the build directory.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME speedlab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "speedlab developers <maintainers@users.noreply.a-seed-6c548ffc.example>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qemu-user, postgresql-client")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "measure, import and compare openssl speed benchmarks")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "speedlab runs the classic openssl speed benchmarks and a Linux-faithful
BogoMips calibration, records the machine, imports the benchmark text people
already have (any OpenSSL version, fragments, mail, web pages, hand-made
tables), keeps every run in a database (SQLite, or PostgreSQL for a lab) and
compares runs in tables and charts with the uncertainty of each figure.
.
It serves owners of real 1990s PCs and of the same PCs emulated in PCem,
86Box or QEMU, distribution maintainers and admins.")
include(CPack)

# What a user gets from an installation (tests/install/install_test.sh; 77: skipped, reason printed).
foreach(case files man man_options bash complete_missing shells readonly systemd make_uninstall)
  add_test(NAME Install.${case}
    COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/install_test.sh ${case} ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
  set_tests_properties(Install.${case} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300
    RESOURCE_LOCK speedlab_install_manifest)  # cmake --install rewrites it in the build tree
endforeach()
# make install builds first: a relink of speedlab must not happen under another test running it.
set_tests_properties(Install.make_uninstall PROPERTIES RUN_SERIAL TRUE)
