//! Simplification of the intermediate form, keeping pest's semantics exactly (verdict,
//! captures and failures): nested sequences and choices are flattened, and the alternatives of
//! a choice that each consume one byte are fused into one byte class.

use super::ir::{ByteSet, Node};

/// What may be fused.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fusing {
    /// Byte classes only: a rule around a class is a pair pest produces, kept whole.
    Classes,
    /// Also rules around a class, as in a failure report, where every rule is named: a fused
    /// choice ([`Node::Fused`]) keeps its alternatives to name the rules that fail with it.
    /// Otherwise every byte of an NSS would try `ALPHA`, `DIGIT` and `unreserved` in turn,
    /// recording a failure at each.
    NamedClasses,
}

/// Simplifies the expression of a recognizer or a failure finder.
pub fn simplify(node: Node) -> Node {
    simplify_with(node, Fusing::Classes)
}

/// Simplifies the expression of a failure report, where every rule is named.
pub fn simplify_naming_rules(node: Node) -> Node {
    simplify_with(node, Fusing::NamedClasses)
}

fn simplify_with(node: Node, fusing: Fusing) -> Node {
    let simplify = |node| simplify_with(node, fusing);
    match node {
        Node::Seq(items) => {
            let mut flat = Vec::with_capacity(items.len());
            for item in items.into_iter().map(simplify) {
                match item {
                    Node::Seq(inner) => flat.extend(inner),
                    // The empty string: nothing to do.
                    Node::Literal(bytes) if bytes.is_empty() => {}
                    item => flat.push(item),
                }
            }
            match <[Node; 1]>::try_from(flat) {
                Ok([single]) => single,
                Err(flat) => Node::Seq(flat),
            }
        }
        Node::Choice(alternatives) => {
            let mut flat = Vec::with_capacity(alternatives.len());
            for alternative in alternatives.into_iter().map(simplify) {
                match alternative {
                    // Ordered choice is associative: (a | b) | c tries a, b, c in this order.
                    Node::Choice(inner) => flat.extend(inner),
                    alternative => flat.push(alternative),
                }
            }
            match <[Node; 1]>::try_from(fuse(flat, fusing)) {
                Ok([single]) => single,
                Err(fused) => Node::Choice(fused),
            }
        }
        Node::Optional(inner) => Node::Optional(Box::new(simplify(*inner))),
        Node::Repeat(inner) => Node::Repeat(Box::new(simplify(*inner))),
        Node::PositiveLookahead(inner) => Node::PositiveLookahead(Box::new(simplify(*inner))),
        Node::NegativeLookahead(inner) => Node::NegativeLookahead(Box::new(simplify(*inner))),
        Node::Rule(mut rule) => {
            rule.body = simplify(rule.body);
            Node::Rule(rule)
        }
        node => node,
    }
}

/// Merges each one-byte alternative into the nearest earlier one-byte alternative when every
/// alternative between them must fail where it matches: each of those consumes input, and
/// none can start with one of its bytes. The choice then picks the same alternative on every
/// input, and fails where and when it did.
///
/// Failures are unchanged too. Where a merged byte matches, the alternatives it moved past
/// fail at this position without the recognizer trying them; but a rejection always fails
/// further on, after the byte consumed here, so they could not have been the furthest failure.
/// Where no byte matches, the merged class fails first, at the same position as the first of
/// its parts did, inside the same rule (a rule whose pair pest produces is a [`Node::Rule`],
/// never merged across, except into a [`Node::Fused`] that names it).
fn fuse(alternatives: Vec<Node>, fusing: Fusing) -> Vec<Node> {
    let mut fused: Vec<Node> = Vec::with_capacity(alternatives.len());
    for alternative in alternatives {
        if let Some(set) = one_byte(&alternative, fusing) {
            let mut target = None;
            for (index, earlier) in fused.iter().enumerate().rev() {
                if one_byte(earlier, fusing).is_some() {
                    target = Some(index);
                    break;
                }
                if earlier.nullable() || earlier.first().intersects(&set) {
                    break;
                }
            }
            if let Some(index) = target {
                let earlier = std::mem::replace(&mut fused[index], Node::Seq(Vec::new()));
                fused[index] = merge(earlier, alternative);
                continue;
            }
        }
        fused.push(alternative);
    }
    fused
}

/// The bytes of an alternative that consumes exactly one byte and may be fused.
fn one_byte(node: &Node, fusing: Fusing) -> Option<ByteSet> {
    match (node, fusing) {
        (Node::Class(set), _) => Some(*set),
        (Node::Fused(alternatives), Fusing::NamedClasses) => Some(
            alternatives
                .iter()
                .fold(ByteSet::default(), |set, alternative| {
                    set.union(alternative.first())
                }),
        ),
        (Node::Rule(rule), Fusing::NamedClasses) if rule.capture.is_none() => {
            one_byte(&rule.body, fusing)
        }
        _ => None,
    }
}

/// Two one-byte alternatives as one: a class when neither names a rule.
fn merge(earlier: Node, later: Node) -> Node {
    match (earlier, later) {
        (Node::Class(a), Node::Class(b)) => Node::Class(a.union(b)),
        (Node::Fused(mut alternatives), Node::Fused(more)) => {
            alternatives.extend(more);
            Node::Fused(alternatives)
        }
        (Node::Fused(mut alternatives), later) => {
            alternatives.push(later);
            Node::Fused(alternatives)
        }
        (earlier, Node::Fused(mut alternatives)) => {
            alternatives.insert(0, earlier);
            Node::Fused(alternatives)
        }
        (earlier, later) => Node::Fused(vec![earlier, later]),
    }
}
