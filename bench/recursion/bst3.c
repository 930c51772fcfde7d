// The C twin of bst3.gcl.
#include <stdlib.h>
#include <assert.h>
struct tree { struct tree *left; struct tree *right; int key; };
struct tree *insert(struct tree *t, int k) {
  if (t == NULL) {
    struct tree *r = malloc(sizeof(struct tree));
    r->left = NULL; r->right = NULL; r->key = k;
    return r;
  }
  if (k < t->key)
    t->left = insert(t->left, k);
  else
    t->right = insert(t->right, k);
  return t;
}
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  struct tree *t = NULL;
  t = insert(t, a);
  t = insert(t, b);
  t = insert(t, c);
  assert(t != NULL);
  return 0;
}
