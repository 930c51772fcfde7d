// SLOW
// Wolverine2's Fig. 1 walkthrough as a debugger session (docs/debug.md): examples/reverse_buggy.c stepped to
// the loop of reverse, the states the user expects recorded at three checkpoints (two loop iterations forced
// with `enter` and corrected with `change`), a first repair (the wrong field, bug 2, as the inserted
// `temp2 = current->next` after `temp2 = current->prev`, or as the inserted `current->prev = current->next`
// before it, which the solver may find first since the insertion slots join with the first insertion's
// widening (docs/repair.md, "proof"), and a loop test that holds as far as the specs go: `current != NULL`,
// bug 1, or `temp1 == NULL`, which z3 found first before the grammar read through field reads; the fewest
// changes, two) hot-patched into the session, two more iterations in the repaired program (each run to the
// loop test by a breakpoint), `leave`, `head` corrected at the return, a second repair (the missing `head =
// temp1->prev`, bug 3, and the loop test when it is still wrong), `rewrite`; the session saved and
// replayed with --script gives the same repairs. The session is the bundled examples/reverse_fig1.dbg.
// RUN: cd %t && (cat %S/../../../examples/reverse_fig1.dbg; echo 'save fig1_saved.dbg') > s.dbg && locus debug %S/../../../examples/reverse_buggy.c --script s.dbg
// CHECK: (locus) spec
// CHECK-NEXT: Program states added: 14 facts -- Checkpoint 0
// CHECK: (locus) enter
// CHECK-NEXT: Entering the loop at line 41 (forced); recorded: its condition must be true here
// CHECK: (locus) change n4 -> prev n3
// CHECK: Program states added: 14 facts -- Checkpoint 1
// CHECK: Program states added: 14 facts -- Checkpoint 2
// CHECK: (locus) repair
// CHECK-NEXT: Repair synthesized in {{[0-9.]+}} s (proof-guided, 5 specs):
// CHECK-NEXT: {{reverse_buggy.c:41:10: temp1 != 0 → (current != 0|temp1 == 0)$}}
// CHECK-NEXT: {{reverse_buggy.c:(44:5: inserted before: temp2 = current->next|43:5: inserted before: current->prev = current->next)$}}
// CHECK-NEXT: Hot-patched: the repaired program reaches checkpoint 2 at line 41 with its state
// CHECK-NEXT: {{^reverse_buggy.c:41  while \((current != NULL|temp1 == NULL)\) \{   \[reverse\]$}}
// CHECK: (locus) enter
// CHECK-NEXT: Entering the loop at line 41 ({{forced|its condition agrees}})
// CHECK: (locus) continue
// CHECK: (locus) enter
// CHECK-NEXT: Entering the loop at line 41 ({{forced|its condition agrees}})
// CHECK: (locus) continue
// CHECK: (locus) leave
// CHECK-NEXT: Leaving the loop at line 41 (its condition agrees); recorded: its condition must be false here
// CHECK: (locus) change head n1
// CHECK: Program states added: 13 facts -- Checkpoint 3
// CHECK: (locus) repair
// CHECK-NEXT: Repair synthesized in {{[0-9.]+}} s (proof-guided, 9 specs):
// CHECK: reverse_buggy.c:41:3: inserted after: head = temp1->prev
// CHECK-NEXT: Hot-patched: the repaired program reaches checkpoint 3 at line 60 with its state
// CHECK: (locus) rewrite
// CHECK: -  while (temp1 != NULL) {
// CHECK-NEXT: +  while (current != NULL) {
// CHECK-NEXT:      temp1 = current->prev;
// CHECK: {{^\+    (temp2|current->prev) = current->next;$}}
// CHECK: +  head = temp1->prev;
// CHECK: (locus) save fig1_saved.dbg
// CHECK-NEXT: Session saved to fig1_saved.dbg (40 commands)
// RUN: locus debug %S/../../../examples/reverse_buggy.c --script %t/fig1_saved.dbg
// CHECK: Checkpoint 2
// CHECK: Hot-patched: the repaired program reaches checkpoint 2 at line 41 with its state
// CHECK: Checkpoint 3
// CHECK: inserted after: head = temp1->prev
// CHECK: Hot-patched: the repaired program reaches checkpoint 3 at line 60 with its state
// The same session with `localize` before each `repair`: the formula methods may blame only the loop's test,
// run between the last checkpoint and the `enter` it misses, and rank it first; the second time in the
// hot-patched program (the regions between the specs recomputed by its run to checkpoint 2): the loop's
// test again when the first repair made it `temp1 == NULL`, else the 7 lines run from checkpoint 2 to 3.
// RUN: cd %t && sed -n '/^#/d; s/^repair$/localize\nrepair/; p' %S/../../../examples/reverse_fig1.dbg > l.dbg && locus debug %S/../../../examples/reverse_buggy.c --script l.dbg
// CHECK: Ranked by the formula methods, which may blame the 1 line the session ran from checkpoint 0 to `enter` at line 41:
// CHECK-NEXT: line  maxsat  must  ofc  mbd
// CHECK-NEXT: 41       1     1    1    1   while (temp1 != NULL) {
// CHECK-NEXT: (locus) repair
// CHECK: {{Ranked by the formula methods, which may blame the (1 line|7 lines) the session ran from checkpoint 2 to (`enter` at line 41|checkpoint 3):}}
// CHECK: (locus) repair
// CHECK: Hot-patched: the repaired program reaches checkpoint 3 at line 60 with its state
