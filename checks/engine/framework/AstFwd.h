//===- AstFwd.h - the clang AST classes the engine's headers name ---------===//
//
// One list of forward declarations, so that a header that only names these
// classes (by pointer or reference) does not include the AST headers, nor
// repeat the list.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_ASTFWD_H
#define LLVMOWN_ENGINE_ASTFWD_H

namespace clang {
class ASTContext;
class CallExpr;
class CFGBlock;
class CFGLifetimeEnds;
class CXXConstructExpr;
class CXXDestructorDecl;
class CXXMethodDecl;
class CXXRecordDecl;
class Decl;
class DeclStmt;
class Expr;
class FieldDecl;
class ForStmt;
class FunctionDecl;
class LambdaExpr;
class NamedDecl;
class ParentMap;
class QualType;
class RecoveryExpr;
class SourceManager;
class Stmt;
class ValueDecl;
class VarDecl;
} // namespace clang

#endif
