// Built into cassette-rewrite only under CASSETTE_SANITIZE. LeakSanitizer
// reads these at exit wherever the tool runs (ctest, the build-time rewrites
// of cassette_rewrite_tree), so no environment variable has to follow it.
//
// Clang 19 keeps a deduction failure's diagnostic (a PartialDiagnostic, whose
// argument vector grows on the heap) in memory it allocates from the
// ASTContext; that arena is freed without running destructors, so the
// vector's buffer is never released. It happens inside Sema while matching
// class template partial specialisations (<thread> reaches it); it is not
// ours. LLVM's libraries have no frame pointers, so the fast unwinder usually
// stops at the vector's grow_pod and the second pattern is the one that
// matches: a *direct* leak there means the vector's owner was freed without
// its destructor, the arena pattern; an object of ours that leaked would be
// reported as the direct leak itself, with the buffer as an indirect one.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:clang::MakeDeductionFailureInfo\n"
         "leak:llvm::SmallVectorBase<unsigned int>::grow_pod\n";
}

// The table of suppressions used would follow every rewrite in the build log.
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
