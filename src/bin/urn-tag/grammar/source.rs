//! Reading a `.pest` file: its rules compiled for pest_vm.

use pest::error::Error;
use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};
use pest_meta::parser::Rule as MetaRule;

/// A grammar file's errors, as pest_meta reports them.
pub type GrammarErrors = Vec<Error<MetaRule>>;

/// The file's rules, checked and optimized for pest_vm.
pub fn compile(source: &str) -> Result<Vec<OptimizedRule>, GrammarErrors> {
    pest_meta::parse_and_optimize(source).map(|(_, rules)| rules)
}

/// The same rules, every one of them producing a pair when it matches: silent rules become
/// normal and atomic ones compound-atomic. Neither change alters what a rule accepts (atomicity
/// is kept; only the tokens differ), so the parse tree shows every rule that took part.
pub fn all_visible(rules: Vec<OptimizedRule>) -> Vec<OptimizedRule> {
    rules
        .into_iter()
        .map(|rule| OptimizedRule {
            ty: match rule.ty {
                RuleType::Silent => RuleType::Normal,
                RuleType::Atomic => RuleType::CompoundAtomic,
                other => other,
            },
            ..rule
        })
        .collect()
}

/// Adds a normal rule that calls `target` and returns its name, chosen so that it is not
/// already a rule: its pair spans exactly what `target` matched, even when `target` is silent.
pub fn wrap(rules: &mut Vec<OptimizedRule>, target: &str) -> String {
    let mut name = String::from("trial");
    while rules.iter().any(|rule| rule.name == name) {
        name.push('_');
    }
    rules.push(OptimizedRule {
        name: name.clone(),
        ty: RuleType::Normal,
        expr: OptimizedExpr::Ident(target.to_owned()),
    });
    name
}
