// `result, callback = @overdub(ctx, foo(1)); callback()`: the program's
// output comes only when the context replays what the pass deferred.
#include <cstdio>

#include "chatty.hpp"
#include "contexts.hpp"

int main() {
  SliceCtx ctx;
  int result = cassette::overdub(ctx, CASSETTE_FN_IN(chatty, bar), 1);
  std::printf("result %d; %zu calls deferred, replaying:\n", result, ctx.deferred.size());
  ctx.replay();
  std::printf("as written:\n");
  return chatty::bar(1) == result ? 0 : 1;
}
