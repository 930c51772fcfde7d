// The audit tables (audit.h). Each switch lists every enumerator clang 14 defines, without a default: the
// compiler (-Werror=switch on this file) and tests/unit/frontend_c/test_audit.cpp reject a kind that a newer
// clang adds until it is classified here. Order within a table: lowered, rejected, other languages.
#include "frontend/c/audit.h"

namespace locus::c::audit {

Entry stmtClass(clang::Stmt::StmtClass k) {
  switch (k) {
  case clang::Stmt::NoStmtClass: return {Support::NotC, nullptr};
  case clang::Stmt::BreakStmtClass: return {Support::Lowered, "break"};
  case clang::Stmt::CompoundStmtClass: return {Support::Lowered, "block"};
  case clang::Stmt::ContinueStmtClass: return {Support::Lowered, "continue"};
  case clang::Stmt::DeclStmtClass: return {Support::Lowered, "declarations"};
  case clang::Stmt::DoStmtClass: return {Support::Lowered, "do/while"};
  case clang::Stmt::ForStmtClass: return {Support::Lowered, "for"};
  case clang::Stmt::GotoStmtClass: return {Support::Lowered, "goto"};
  case clang::Stmt::IfStmtClass: return {Support::Lowered, "if/else"};
  case clang::Stmt::NullStmtClass: return {Support::Lowered, "empty statement"};
  case clang::Stmt::ReturnStmtClass: return {Support::Lowered, "return"};
  case clang::Stmt::CaseStmtClass: return {Support::Lowered, "case label (directly in its switch body)"};
  case clang::Stmt::DefaultStmtClass:
    return {Support::Lowered, "default label (directly in its switch body)"};
  case clang::Stmt::SwitchStmtClass: return {Support::Lowered, "switch"};
  case clang::Stmt::AttributedStmtClass:
    return {Support::Lowered, "statement with attributes (fallthrough, loop hints; others are rejected)"};
  case clang::Stmt::ConditionalOperatorClass: return {Support::Lowered, "?:"};
  case clang::Stmt::ArraySubscriptExprClass: return {Support::Lowered, "array element"};
  case clang::Stmt::BinaryOperatorClass: return {Support::Lowered, "binary operator"};
  case clang::Stmt::CompoundAssignOperatorClass: return {Support::Lowered, "compound assignment"};
  case clang::Stmt::CallExprClass: return {Support::Lowered, "call"};
  case clang::Stmt::CStyleCastExprClass: return {Support::Lowered, "cast"};
  case clang::Stmt::ImplicitCastExprClass: return {Support::Lowered, "implicit conversion"};
  case clang::Stmt::CharacterLiteralClass: return {Support::Lowered, "character constant"};
  case clang::Stmt::ChooseExprClass: return {Support::Lowered, "__builtin_choose_expr (the chosen operand)"};
  case clang::Stmt::DeclRefExprClass: return {Support::Lowered, "variable or enumeration constant"};
  case clang::Stmt::DesignatedInitExprClass:
    return {Support::Lowered, "designated initializer (resolved in the semantic form of initializer lists)"};
  case clang::Stmt::ConstantExprClass: return {Support::Lowered, "constant expression (its operand)"};
  case clang::Stmt::GenericSelectionExprClass: return {Support::Lowered, "_Generic (the selected operand)"};
  case clang::Stmt::ImplicitValueInitExprClass:
    return {Support::Lowered, "implicit zero of an initializer list"};
  case clang::Stmt::InitListExprClass: return {Support::Lowered, "initializer list of a declaration"};
  case clang::Stmt::IntegerLiteralClass: return {Support::Lowered, "integer constant"};
  case clang::Stmt::MemberExprClass: return {Support::Lowered, "struct member"};
  case clang::Stmt::OffsetOfExprClass: return {Support::Lowered, "offsetof (a constant)"};
  case clang::Stmt::ParenExprClass: return {Support::Lowered, "parentheses"};
  case clang::Stmt::StringLiteralClass:
    return {Support::Lowered, "string literal (assert messages, printf arguments, char array initializers)"};
  case clang::Stmt::TypeTraitExprClass:
    return {Support::Lowered, "__builtin_types_compatible_p (a constant)"};
  case clang::Stmt::UnaryExprOrTypeTraitExprClass: return {Support::Lowered, "sizeof/_Alignof (a constant)"};
  case clang::Stmt::StmtExprClass: return {Support::Lowered, "GNU statement expression ({ ...; e; })"};
  case clang::Stmt::UnaryOperatorClass: return {Support::Lowered, "unary operator"};
  case clang::Stmt::LabelStmtClass: return {Support::Lowered, "label"};
  case clang::Stmt::WhileStmtClass: return {Support::Lowered, "while"};
  case clang::Stmt::GCCAsmStmtClass: return {Support::Rejected, "inline assembly"};
  case clang::Stmt::MSAsmStmtClass: return {Support::Rejected, "inline assembly"};
  case clang::Stmt::IndirectGotoStmtClass: return {Support::Rejected, "computed goto ('goto *p')"};
  case clang::Stmt::BinaryConditionalOperatorClass: return {Support::Rejected, "GNU conditional 'x ?: y'"};
  case clang::Stmt::AddrLabelExprClass: return {Support::Rejected, "address of a label ('&&label')"};
  case clang::Stmt::AtomicExprClass: return {Support::Rejected, "atomic builtin"};
  case clang::Stmt::BlockExprClass: return {Support::Rejected, "block literal"};
  case clang::Stmt::CompoundLiteralExprClass: return {Support::Rejected, "compound literal '(T){...}'"};
  case clang::Stmt::ConvertVectorExprClass: return {Support::Rejected, "__builtin_convertvector"};
  case clang::Stmt::DesignatedInitUpdateExprClass:
    return {Support::Rejected, "designated initializer updating an earlier initializer"};
  case clang::Stmt::ExtVectorElementExprClass: return {Support::Rejected, "vector element access"};
  case clang::Stmt::FixedPointLiteralClass: return {Support::Rejected, "fixed-point literal"};
  case clang::Stmt::FloatingLiteralClass: return {Support::Lowered, "floating-point literal (float, double)"};
  case clang::Stmt::ImaginaryLiteralClass: return {Support::Rejected, "imaginary literal (complex numbers)"};
  case clang::Stmt::MatrixSubscriptExprClass: return {Support::Rejected, "matrix element access"};
  case clang::Stmt::NoInitExprClass:
    return {Support::Rejected, "designated initializer updating an earlier initializer"};
  case clang::Stmt::OpaqueValueExprClass: return {Support::Rejected, "GNU conditional 'x ?: y'"};
  case clang::Stmt::ParenListExprClass: return {Support::Rejected, "parenthesized expression list"};
  case clang::Stmt::PredefinedExprClass: return {Support::Rejected, "'__func__' (a string)"};
  case clang::Stmt::RecoveryExprClass: return {Support::Rejected, "expression clang could not analyse"};
  case clang::Stmt::ShuffleVectorExprClass: return {Support::Rejected, "__builtin_shufflevector"};
  case clang::Stmt::SourceLocExprClass:
    return {Support::Rejected, "__builtin_LINE/__builtin_FILE/__builtin_FUNCTION/__builtin_COLUMN"};

  case clang::Stmt::TypoExprClass: return {Support::Rejected, "expression clang could not analyse"};
  case clang::Stmt::VAArgExprClass: return {Support::Rejected, "va_arg"};
  case clang::Stmt::CXXCatchStmtClass:
  case clang::Stmt::CXXForRangeStmtClass:
  case clang::Stmt::CXXTryStmtClass:
  case clang::Stmt::CapturedStmtClass:
  case clang::Stmt::CoreturnStmtClass:
  case clang::Stmt::CoroutineBodyStmtClass:
  case clang::Stmt::MSDependentExistsStmtClass:
  case clang::Stmt::OMPCanonicalLoopClass:
  case clang::Stmt::OMPAtomicDirectiveClass:
  case clang::Stmt::OMPBarrierDirectiveClass:
  case clang::Stmt::OMPCancelDirectiveClass:
  case clang::Stmt::OMPCancellationPointDirectiveClass:
  case clang::Stmt::OMPCriticalDirectiveClass:
  case clang::Stmt::OMPDepobjDirectiveClass:
  case clang::Stmt::OMPDispatchDirectiveClass:
  case clang::Stmt::OMPFlushDirectiveClass:
  case clang::Stmt::OMPInteropDirectiveClass:
  case clang::Stmt::OMPDistributeDirectiveClass:
  case clang::Stmt::OMPDistributeParallelForDirectiveClass:
  case clang::Stmt::OMPDistributeParallelForSimdDirectiveClass:
  case clang::Stmt::OMPDistributeSimdDirectiveClass:
  case clang::Stmt::OMPForDirectiveClass:
  case clang::Stmt::OMPForSimdDirectiveClass:
  case clang::Stmt::OMPGenericLoopDirectiveClass:
  case clang::Stmt::OMPMasterTaskLoopDirectiveClass:
  case clang::Stmt::OMPMasterTaskLoopSimdDirectiveClass:
  case clang::Stmt::OMPParallelForDirectiveClass:
  case clang::Stmt::OMPParallelForSimdDirectiveClass:
  case clang::Stmt::OMPParallelMasterTaskLoopDirectiveClass:
  case clang::Stmt::OMPParallelMasterTaskLoopSimdDirectiveClass:
  case clang::Stmt::OMPSimdDirectiveClass:
  case clang::Stmt::OMPTargetParallelForSimdDirectiveClass:
  case clang::Stmt::OMPTargetSimdDirectiveClass:
  case clang::Stmt::OMPTargetTeamsDistributeDirectiveClass:
  case clang::Stmt::OMPTargetTeamsDistributeParallelForDirectiveClass:
  case clang::Stmt::OMPTargetTeamsDistributeParallelForSimdDirectiveClass:
  case clang::Stmt::OMPTargetTeamsDistributeSimdDirectiveClass:
  case clang::Stmt::OMPTaskLoopDirectiveClass:
  case clang::Stmt::OMPTaskLoopSimdDirectiveClass:
  case clang::Stmt::OMPTeamsDistributeDirectiveClass:
  case clang::Stmt::OMPTeamsDistributeParallelForDirectiveClass:
  case clang::Stmt::OMPTeamsDistributeParallelForSimdDirectiveClass:
  case clang::Stmt::OMPTeamsDistributeSimdDirectiveClass:
  case clang::Stmt::OMPTileDirectiveClass:
  case clang::Stmt::OMPUnrollDirectiveClass:
  case clang::Stmt::OMPMaskedDirectiveClass:
  case clang::Stmt::OMPMasterDirectiveClass:
  case clang::Stmt::OMPMetaDirectiveClass:
  case clang::Stmt::OMPOrderedDirectiveClass:
  case clang::Stmt::OMPParallelDirectiveClass:
  case clang::Stmt::OMPParallelMasterDirectiveClass:
  case clang::Stmt::OMPParallelSectionsDirectiveClass:
  case clang::Stmt::OMPScanDirectiveClass:
  case clang::Stmt::OMPSectionDirectiveClass:
  case clang::Stmt::OMPSectionsDirectiveClass:
  case clang::Stmt::OMPSingleDirectiveClass:
  case clang::Stmt::OMPTargetDataDirectiveClass:
  case clang::Stmt::OMPTargetDirectiveClass:
  case clang::Stmt::OMPTargetEnterDataDirectiveClass:
  case clang::Stmt::OMPTargetExitDataDirectiveClass:
  case clang::Stmt::OMPTargetParallelDirectiveClass:
  case clang::Stmt::OMPTargetParallelForDirectiveClass:
  case clang::Stmt::OMPTargetTeamsDirectiveClass:
  case clang::Stmt::OMPTargetUpdateDirectiveClass:
  case clang::Stmt::OMPTaskDirectiveClass:
  case clang::Stmt::OMPTaskgroupDirectiveClass:
  case clang::Stmt::OMPTaskwaitDirectiveClass:
  case clang::Stmt::OMPTaskyieldDirectiveClass:
  case clang::Stmt::OMPTeamsDirectiveClass:
  case clang::Stmt::ObjCAtCatchStmtClass:
  case clang::Stmt::ObjCAtFinallyStmtClass:
  case clang::Stmt::ObjCAtSynchronizedStmtClass:
  case clang::Stmt::ObjCAtThrowStmtClass:
  case clang::Stmt::ObjCAtTryStmtClass:
  case clang::Stmt::ObjCAutoreleasePoolStmtClass:
  case clang::Stmt::ObjCForCollectionStmtClass:
  case clang::Stmt::SEHExceptStmtClass:
  case clang::Stmt::SEHFinallyStmtClass:
  case clang::Stmt::SEHLeaveStmtClass:
  case clang::Stmt::SEHTryStmtClass:
  case clang::Stmt::ArrayInitIndexExprClass:
  case clang::Stmt::ArrayInitLoopExprClass:
  case clang::Stmt::ArrayTypeTraitExprClass:
  case clang::Stmt::AsTypeExprClass:
  case clang::Stmt::CXXBindTemporaryExprClass:
  case clang::Stmt::CXXBoolLiteralExprClass:
  case clang::Stmt::CXXConstructExprClass:
  case clang::Stmt::CXXTemporaryObjectExprClass:
  case clang::Stmt::CXXDefaultArgExprClass:
  case clang::Stmt::CXXDefaultInitExprClass:
  case clang::Stmt::CXXDeleteExprClass:
  case clang::Stmt::CXXDependentScopeMemberExprClass:
  case clang::Stmt::CXXFoldExprClass:
  case clang::Stmt::CXXInheritedCtorInitExprClass:
  case clang::Stmt::CXXNewExprClass:
  case clang::Stmt::CXXNoexceptExprClass:
  case clang::Stmt::CXXNullPtrLiteralExprClass:
  case clang::Stmt::CXXPseudoDestructorExprClass:
  case clang::Stmt::CXXRewrittenBinaryOperatorClass:
  case clang::Stmt::CXXScalarValueInitExprClass:
  case clang::Stmt::CXXStdInitializerListExprClass:
  case clang::Stmt::CXXThisExprClass:
  case clang::Stmt::CXXThrowExprClass:
  case clang::Stmt::CXXTypeidExprClass:
  case clang::Stmt::CXXUnresolvedConstructExprClass:
  case clang::Stmt::CXXUuidofExprClass:
  case clang::Stmt::CUDAKernelCallExprClass:
  case clang::Stmt::CXXMemberCallExprClass:
  case clang::Stmt::CXXOperatorCallExprClass:
  case clang::Stmt::UserDefinedLiteralClass:
  case clang::Stmt::BuiltinBitCastExprClass:
  case clang::Stmt::CXXFunctionalCastExprClass:
  case clang::Stmt::CXXAddrspaceCastExprClass:
  case clang::Stmt::CXXConstCastExprClass:
  case clang::Stmt::CXXDynamicCastExprClass:
  case clang::Stmt::CXXReinterpretCastExprClass:
  case clang::Stmt::CXXStaticCastExprClass:
  case clang::Stmt::ObjCBridgedCastExprClass:
  case clang::Stmt::ConceptSpecializationExprClass:
  case clang::Stmt::CoawaitExprClass:
  case clang::Stmt::CoyieldExprClass:
  case clang::Stmt::DependentCoawaitExprClass:
  case clang::Stmt::DependentScopeDeclRefExprClass:
  case clang::Stmt::ExpressionTraitExprClass:
  case clang::Stmt::ExprWithCleanupsClass:
  case clang::Stmt::FunctionParmPackExprClass:
  case clang::Stmt::GNUNullExprClass:
  case clang::Stmt::LambdaExprClass:
  case clang::Stmt::MSPropertyRefExprClass:
  case clang::Stmt::MSPropertySubscriptExprClass:
  case clang::Stmt::MaterializeTemporaryExprClass:
  case clang::Stmt::OMPArraySectionExprClass:
  case clang::Stmt::OMPArrayShapingExprClass:
  case clang::Stmt::OMPIteratorExprClass:
  case clang::Stmt::ObjCArrayLiteralClass:
  case clang::Stmt::ObjCAvailabilityCheckExprClass:
  case clang::Stmt::ObjCBoolLiteralExprClass:
  case clang::Stmt::ObjCBoxedExprClass:
  case clang::Stmt::ObjCDictionaryLiteralClass:
  case clang::Stmt::ObjCEncodeExprClass:
  case clang::Stmt::ObjCIndirectCopyRestoreExprClass:
  case clang::Stmt::ObjCIsaExprClass:
  case clang::Stmt::ObjCIvarRefExprClass:
  case clang::Stmt::ObjCMessageExprClass:
  case clang::Stmt::ObjCPropertyRefExprClass:
  case clang::Stmt::ObjCProtocolExprClass:
  case clang::Stmt::ObjCSelectorExprClass:
  case clang::Stmt::ObjCStringLiteralClass:
  case clang::Stmt::ObjCSubscriptRefExprClass:
  case clang::Stmt::UnresolvedLookupExprClass:
  case clang::Stmt::UnresolvedMemberExprClass:
  case clang::Stmt::PackExpansionExprClass:
  case clang::Stmt::PseudoObjectExprClass:
  case clang::Stmt::RequiresExprClass:
  case clang::Stmt::SYCLUniqueStableNameExprClass:
  case clang::Stmt::SizeOfPackExprClass:
  case clang::Stmt::SubstNonTypeTemplateParmExprClass:
  case clang::Stmt::SubstNonTypeTemplateParmPackExprClass: return {Support::NotC, nullptr};
  }
  return {};
}

Entry castKind(clang::CastKind k) {
  switch (k) {
  case clang::CK_BitCast:
    return {Support::Lowered, "NULL, malloc/calloc results and pointer casts between types of the same "
                              "representation (other pointer casts are rejected)"};
  case clang::CK_LValueToRValue: return {Support::Lowered, "reading an lvalue"};
  case clang::CK_NoOp: return {Support::Lowered, "conversion that changes nothing"};
  case clang::CK_NullToPointer: return {Support::Lowered, "NULL"};
  case clang::CK_PointerToBoolean: return {Support::Lowered, "pointer as a truth value"};
  case clang::CK_ToVoid: return {Support::Lowered, "(void)e"};
  case clang::CK_IntegralCast: return {Support::Lowered, "integer conversion"};
  case clang::CK_IntegralToBoolean: return {Support::Lowered, "integer to _Bool"};
  case clang::CK_ArrayToPointerDecay:
    return {Support::Lowered, "array used as a pointer to its first element"};
  case clang::CK_ToUnion: return {Support::Rejected, "cast to a union"};
  case clang::CK_FunctionToPointerDecay: return {Support::Rejected, "function pointer"};
  case clang::CK_IntegralToPointer: return {Support::Rejected, "conversion between an integer and a pointer"};
  case clang::CK_PointerToIntegral: return {Support::Rejected, "conversion between an integer and a pointer"};
  case clang::CK_MatrixCast: return {Support::Rejected, "matrix conversion"};
  case clang::CK_VectorSplat: return {Support::Rejected, "vector conversion"};
  case clang::CK_IntegralToFloating: return {Support::Lowered, "integer to float or double"};
  case clang::CK_FloatingToFixedPoint: return {Support::Rejected, "fixed-point conversion"};
  case clang::CK_FixedPointToFloating: return {Support::Rejected, "fixed-point conversion"};
  case clang::CK_FixedPointCast: return {Support::Rejected, "fixed-point conversion"};
  case clang::CK_FixedPointToIntegral: return {Support::Rejected, "fixed-point conversion"};
  case clang::CK_IntegralToFixedPoint: return {Support::Rejected, "fixed-point conversion"};
  case clang::CK_FixedPointToBoolean: return {Support::Rejected, "fixed-point conversion"};
  case clang::CK_FloatingToIntegral: return {Support::Lowered, "float or double to an integer (truncation)"};
  case clang::CK_FloatingToBoolean: return {Support::Lowered, "float or double as a truth value (!= 0)"};
  case clang::CK_BooleanToSignedIntegral: return {Support::Rejected, "vector conversion"};
  case clang::CK_FloatingCast: return {Support::Lowered, "between float and double"};
  case clang::CK_FloatingRealToComplex: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_FloatingComplexToReal: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_FloatingComplexToBoolean: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_FloatingComplexCast: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_FloatingComplexToIntegralComplex: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_IntegralRealToComplex: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_IntegralComplexToReal: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_IntegralComplexToBoolean: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_IntegralComplexCast: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_IntegralComplexToFloatingComplex: return {Support::Rejected, "complex-number conversion"};
  case clang::CK_AtomicToNonAtomic: return {Support::Rejected, "_Atomic type"};
  case clang::CK_NonAtomicToAtomic: return {Support::Rejected, "_Atomic type"};
  case clang::CK_BuiltinFnToFnPtr: return {Support::Rejected, "builtin function used as a pointer"};
  case clang::CK_AddressSpaceConversion: return {Support::Rejected, "address-space conversion"};
  case clang::CK_Dependent:
  case clang::CK_LValueBitCast:
  case clang::CK_LValueToRValueBitCast:
  case clang::CK_BaseToDerived:
  case clang::CK_DerivedToBase:
  case clang::CK_UncheckedDerivedToBase:
  case clang::CK_Dynamic:
  case clang::CK_NullToMemberPointer:
  case clang::CK_BaseToDerivedMemberPointer:
  case clang::CK_DerivedToBaseMemberPointer:
  case clang::CK_MemberPointerToBoolean:
  case clang::CK_ReinterpretMemberPointer:
  case clang::CK_UserDefinedConversion:
  case clang::CK_ConstructorConversion:
  case clang::CK_CPointerToObjCPointerCast:
  case clang::CK_BlockPointerToObjCPointerCast:
  case clang::CK_AnyPointerToBlockPointerCast:
  case clang::CK_ObjCObjectLValueCast:
  case clang::CK_ARCProduceObject:
  case clang::CK_ARCConsumeObject:
  case clang::CK_ARCReclaimReturnedObject:
  case clang::CK_ARCExtendBlockObject:
  case clang::CK_CopyAndAutoreleaseBlockObject:
  case clang::CK_ZeroToOCLOpaqueType:
  case clang::CK_IntToOCLSampler: return {Support::NotC, nullptr};
  }
  return {};
}

Entry declKind(clang::Decl::Kind k) {
  switch (k) {
  case clang::Decl::Empty: return {Support::Lowered, "lone ';'"};
  case clang::Decl::Label: return {Support::Lowered, "label"};
  case clang::Decl::Enum: return {Support::Lowered, "enum"};
  case clang::Decl::Record: return {Support::Lowered, "struct (unions are rejected where used)"};
  case clang::Decl::Typedef: return {Support::Lowered, "typedef"};
  case clang::Decl::Field: return {Support::Lowered, "struct field"};
  case clang::Decl::Function:
    return {Support::Lowered, "function (definitions are lowered; declarations name built-ins)"};
  case clang::Decl::Var: return {Support::Lowered, "global or local variable (static locals are rejected)"};
  case clang::Decl::ParmVar: return {Support::Lowered, "parameter"};
  case clang::Decl::EnumConstant: return {Support::Lowered, "enumeration constant"};
  case clang::Decl::IndirectField:
    return {Support::Lowered, "member of an anonymous struct or union (reached through its field)"};
  case clang::Decl::StaticAssert: return {Support::Lowered, "_Static_assert (clang checks it)"};
  case clang::Decl::TranslationUnit: return {Support::Lowered, "the file"};
  case clang::Decl::Block: return {Support::Rejected, "block literal"};
  case clang::Decl::FileScopeAsm: return {Support::Rejected, "file-scope assembly"};
  case clang::Decl::PragmaComment: return {Support::Rejected, "'#pragma comment'"};
  case clang::Decl::PragmaDetectMismatch: return {Support::Rejected, "'#pragma detect_mismatch'"};
  case clang::Decl::AccessSpec:
  case clang::Decl::Captured:
  case clang::Decl::ClassScopeFunctionSpecialization:
  case clang::Decl::Export:
  case clang::Decl::ExternCContext:
  case clang::Decl::Friend:
  case clang::Decl::FriendTemplate:
  case clang::Decl::Import:
  case clang::Decl::LifetimeExtendedTemporary:
  case clang::Decl::LinkageSpec:
  case clang::Decl::Using:
  case clang::Decl::UsingEnum:
  case clang::Decl::Namespace:
  case clang::Decl::NamespaceAlias:
  case clang::Decl::ObjCCompatibleAlias:
  case clang::Decl::ObjCCategory:
  case clang::Decl::ObjCCategoryImpl:
  case clang::Decl::ObjCImplementation:
  case clang::Decl::ObjCInterface:
  case clang::Decl::ObjCProtocol:
  case clang::Decl::ObjCMethod:
  case clang::Decl::ObjCProperty:
  case clang::Decl::BuiltinTemplate:
  case clang::Decl::Concept:
  case clang::Decl::ClassTemplate:
  case clang::Decl::FunctionTemplate:
  case clang::Decl::TypeAliasTemplate:
  case clang::Decl::VarTemplate:
  case clang::Decl::TemplateTemplateParm:
  case clang::Decl::CXXRecord:
  case clang::Decl::ClassTemplateSpecialization:
  case clang::Decl::ClassTemplatePartialSpecialization:
  case clang::Decl::TemplateTypeParm:
  case clang::Decl::ObjCTypeParam:
  case clang::Decl::TypeAlias:
  case clang::Decl::UnresolvedUsingTypename:
  case clang::Decl::UnresolvedUsingIfExists:
  case clang::Decl::UsingDirective:
  case clang::Decl::UsingPack:
  case clang::Decl::UsingShadow:
  case clang::Decl::ConstructorUsingShadow:
  case clang::Decl::Binding:
  case clang::Decl::ObjCAtDefsField:
  case clang::Decl::ObjCIvar:
  case clang::Decl::CXXDeductionGuide:
  case clang::Decl::CXXMethod:
  case clang::Decl::CXXConstructor:
  case clang::Decl::CXXConversion:
  case clang::Decl::CXXDestructor:
  case clang::Decl::MSProperty:
  case clang::Decl::NonTypeTemplateParm:
  case clang::Decl::Decomposition:
  case clang::Decl::ImplicitParam:
  case clang::Decl::OMPCapturedExpr:
  case clang::Decl::VarTemplateSpecialization:
  case clang::Decl::VarTemplatePartialSpecialization:
  case clang::Decl::MSGuid:
  case clang::Decl::OMPDeclareMapper:
  case clang::Decl::OMPDeclareReduction:
  case clang::Decl::TemplateParamObject:
  case clang::Decl::UnresolvedUsingValue:
  case clang::Decl::OMPAllocate:
  case clang::Decl::OMPRequires:
  case clang::Decl::OMPThreadPrivate:
  case clang::Decl::ObjCPropertyImpl:
  case clang::Decl::RequiresExprBody: return {Support::NotC, nullptr};
  }
  return {};
}

} // namespace locus::c::audit
