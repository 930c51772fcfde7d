// L12 (Wolverine2 Table 2, large): split a doubly linked list into its front and back halves.
// Under test: split (slow/fast pointers; the front half gets the extra node of an odd list; the back
// half's head loses its prev link; results in the globals front and back). Spec (main): lists of 5 and
// of 2 nodes with nondet values; both heads, every next and every prev edge of both halves and the null
// ends are checked; values untouched; one node gives (it, null); empty gives two nulls.
// NONDET: 1,2,3,4,5
// VERIFY: --unwind 6
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

struct dnode {
  struct dnode *next;
  struct dnode *prev;
  int val;
};

void split(struct dnode *h);
struct dnode *append(struct dnode *last, int v);

struct dnode *front = NULL;
struct dnode *back = NULL;

void split(struct dnode *h) {
  struct dnode *slow = NULL;
  struct dnode *fast = NULL;
  if (h == NULL || h->next == NULL) {
    front = h;
    back = NULL;
    return;
  }
  slow = h;
  fast = h->next;
  while (fast != NULL && fast->next != NULL) {
    slow = slow->next;
    fast = fast->next->next;
  }
  front = h;
  back = slow->next;
  slow->next = NULL;
  back->prev = NULL;
}

// Appends a fresh node holding v after last (which may be null); returns the new node.
struct dnode *append(struct dnode *last, int v) {
  struct dnode *n = NULL;
  n = calloc(1, sizeof(struct dnode));
  n->val = v;
  n->next = NULL;
  n->prev = last;
  if (last != NULL) {
    last->next = n;
  }
  return n;
}

int main(void) {
  struct dnode *n1 = NULL, *n2 = NULL, *n3 = NULL, *n4 = NULL, *n5 = NULL;
  int v1 = 0, v2 = 0, v3 = 0, v4 = 0, v5 = 0;
  v1 = __VERIFIER_nondet_int();
  v2 = __VERIFIER_nondet_int();
  v3 = __VERIFIER_nondet_int();
  v4 = __VERIFIER_nondet_int();
  v5 = __VERIFIER_nondet_int();
  n1 = append(NULL, v1);
  n2 = append(n1, v2);
  n3 = append(n2, v3);
  n4 = append(n3, v4);
  n5 = append(n4, v5);
  split(n1);
  assert(front == n1 && n1->next == n2 && n2->next == n3 && n3->next == NULL); // front 1 2 3 (next)
  assert(n1->prev == NULL && n2->prev == n1 && n3->prev == n2);                // front 1 2 3 (prev)
  assert(back == n4 && n4->next == n5 && n5->next == NULL && n4->prev == NULL && n5->prev == n4); // back 4 5
  assert(n1->val == v1 && n2->val == v2 && n3->val == v3 && n4->val == v4 && n5->val == v5); // values kept
  n1 = append(NULL, v1);
  n2 = append(n1, v2);
  split(n1);
  assert(front == n1 && n1->next == NULL && n1->prev == NULL && back == n2 && n2->next == NULL &&
         n2->prev == NULL); // 1 + 1
  n1 = append(NULL, v1);
  split(n1);
  assert(front == n1 && back == NULL && n1->next == NULL && n1->prev == NULL); // 1 + 0
  split(NULL);
  assert(front == NULL && back == NULL); // empty
  return 0;
}
