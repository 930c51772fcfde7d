// `--memory MB`: the memory a command may allocate, as the process's address-space limit (RLIMIT_AS).
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>

namespace locus::tools {

/// Adds `--memory MB` to `cmd`, stored in `mb` (0: no limit).
void addMemoryOption(CLI::App *cmd, size_t &mb);

/// Limits the address space of this process (and of the processes it starts: an `smtlib:` solver, graphviz's
/// `dot`) to what is mapped now — the program, its libraries, the command thread's stack reservation — plus
/// `mb` MiB: allocations beyond it fail (`std::bad_alloc`, or a solver's out-of-memory answer). A limit the
/// system refuses is a usage error.
void limitMemory(size_t mb);

/// The limit set by limitMemory in MiB (0: none).
size_t memoryLimit();

/// The message of an allocation that failed: names `--memory MB` when it was given, else the machine's
/// memory or `ulimit -v`.
std::string outOfMemoryMessage();

/// `reason` (a solver's or a method's answer UNKNOWN) with ` (the limit of --memory MB)` appended when it
/// says that memory ran out and `--memory` was given; else `reason` as it is.
std::string namingMemoryLimit(const std::string &reason);

} // namespace locus::tools
