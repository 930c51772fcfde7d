# CPack: `cmake --build build --target package` makes a Debian package (locus_VERSION_ARCH.deb) of what
# `cmake --install` installs. Its dependencies are read from the binary by dpkg-shlibdeps.
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "locus")
set(CPACK_PACKAGE_VENDOR "the locus project")
set(CPACK_PACKAGE_CONTACT "the locus project <locus@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "verifier toolchain for debugging, fault localization and repair of GCL and C programs")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "locus")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The C front end parses with clang, which needs its own headers (stddef.h, …) and the C library's.
if(LOCUS_WITH_C)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-14-dev, libc6-dev")
endif()
# The z3 and cvc5 binaries serve `--solver smtlib:…`.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "z3, cvc5")
set(CPACK_PACKAGE_DESCRIPTION
    "locus checks, runs, verifies (bounded model checking with Z3, cvc5 or any SMT-LIB 2 solver) and mutates \
programs written in GCL, a guarded-command language with heap primitives, or in a subset of C. The package \
holds the locus binary, the GCL standard library, the documentation and a TextMate grammar for .gcl files.")
include(CPack)
