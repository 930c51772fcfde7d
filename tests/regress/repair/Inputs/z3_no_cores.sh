#!/bin/sh
# z3 over the SMT-LIB pipe whose checks under assumptions (the incremental solver's, which an unsat core
# comes from) answer unknown at once, as a core's check that runs out of its time does; the other checks
# (check-sat-using, a fresh solver's) are z3's own. Used by proof_core_out.gcl.
exec sed -u 's/^(check-sat-assuming .*/(check-sat-using fail)/' | z3 -in
