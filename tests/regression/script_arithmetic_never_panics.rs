//! Fixed bug (issue 39): a script of an XML tree panicked on ordinary values, `x := 10 / y` with
//! `y = 0` and `i32::MIN / -1` in every build, `x += 1` at `i32::MAX` in a debug build. The
//! translation now writes integer arithmetic as calls of `bt::script`, which clamp to the type's
//! range (`docs/decisions.md`, decision 16); BehaviorTree.CPP's `Script` succeeds there too. The
//! functions use explicit saturating and checked operations (and their boundary cases are
//! `const` assertions), so a release build computes what this debug test checks.

use bt::behavior_tree;
use bt::Status;

behavior_tree! {
    tree Bounds for () {
        xml_text = r#"
<root BTCPP_format="4">
  <BehaviorTree ID="Bounds">
    <Sequence>
      <Script code="q := 10 / y; r := m / minus; x += 1; n := -m; s := 0 - m; w := l; c -= 1"/>
      <Script code="p := -10 / y; z := 0 / y; t := x * x; u := m - 1; c /= 0; v := l / y"/>
      <ScriptCondition code="10 / y &gt; 3 &amp;&amp; m / minus &gt; 0"/>
    </Sequence>
  </BehaviorTree>
</root>"#,
        blackboard {
            x: i32 = i32::MAX, y: i32 = 0, m: i32 = i32::MIN, minus: i32 = -1, l: i64 = 1 << 40,
            c: u8 = 0, q: i32, r: i32, n: i32, s: i32, w: i32, p: i32, z: i32, t: i32, u: i32,
            v: i64,
        }
    }
}

#[test]
fn script_arithmetic_clamps_at_the_bounds() {
    let mut tree = Bounds::new();
    assert_eq!(tree.tick(&mut ()), Status::Success);
    let bb = tree.blackboard();
    // Division by zero follows the dividend's sign; the quotients that do not fit are clamped.
    assert_eq!((bb.q, bb.p, bb.z, bb.v), (i32::MAX, i32::MIN, 0, i64::MAX));
    assert_eq!(bb.r, i32::MAX, "i32::MIN / -1");
    assert_eq!((bb.x, bb.t, bb.u), (i32::MAX, i32::MAX, i32::MIN));
    assert_eq!((bb.n, bb.s), (i32::MAX, i32::MAX), "-i32::MIN");
    // An `i64` into an `i32` entry is clamped, where `as` would wrap (to 0).
    assert_eq!(bb.w, i32::MAX);
    // Unsigned: below zero is zero; `0 / 0` is zero.
    assert_eq!(bb.c, 0);
}
