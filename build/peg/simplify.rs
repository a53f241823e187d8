//! Simplification of the intermediate form, keeping pest's semantics exactly (verdict,
//! captures and failures): nested sequences and choices are flattened, and the alternatives of
//! a choice that each consume one byte are fused into one byte class.

use super::ir::Node;

pub fn simplify(node: Node) -> Node {
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
            match <[Node; 1]>::try_from(fuse(flat)) {
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
/// never merged across).
fn fuse(alternatives: Vec<Node>) -> Vec<Node> {
    let mut fused: Vec<Node> = Vec::with_capacity(alternatives.len());
    for alternative in alternatives {
        if let Node::Class(set) = alternative {
            let mut target = None;
            for (index, earlier) in fused.iter().enumerate().rev() {
                if matches!(earlier, Node::Class(_)) {
                    target = Some(index);
                    break;
                }
                if earlier.nullable() || earlier.first().intersects(&set) {
                    break;
                }
            }
            if let Some(index) = target {
                if let Node::Class(earlier) = &mut fused[index] {
                    *earlier = earlier.union(set);
                }
                continue;
            }
        }
        fused.push(alternative);
    }
    fused
}
