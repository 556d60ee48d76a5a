"""web/seal.js (the sealed deal's group, ristretto255 from @noble/curves) under Node, from the build's vendored copy
(tools/build_site.py, vendor_noble), checked against libsodium (tests/sodium_group.py, rbcl): the same card points,
products, inverses and multiples; k x (1/k) x P == P; every refusal an {"error"} answer, never a throw."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import rbcl
from sodium_group import ORDER, SodiumGroup

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build_site  # noqa: E402

SEAL = ROOT / "web" / "seal.js"

# needs_npm: fails, saying what to install, without node and node_modules (conftest.py)
pytestmark = [pytest.mark.needs_npm]

# Runs web/seal.js as the page does (a classic script defining window.rummySeal) and calls its operations: `before`
# before load, `ops` once load has answered. Prints {"before": [...], "load": [...], "ops": [...]}: each answer as
# the text the operation returned, or {"threw": message} should one throw; "load" holds what each of `loads` load
# callbacks got and whether it came after load had returned.
DRIVER = r"""
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
globalThis.window = globalThis;
require(input.seal);
const S = window.rummySeal;
function run(ops) {
  return ops.map(([name, ...args]) => {
    try { return S[name](...args); } catch (e) { return {threw: String(e && e.message || e)}; }
  });
}
const out = {before: run(input.before), load: [], ops: []};
if (input.base !== null) S.base = input.base;
let returned = false;
const loads = [];
for (let i = 0; i < input.loads; i++) {
  loads.push(new Promise((resolve) => S.load((err) => resolve([err, returned]))));
}
returned = true;
Promise.all(loads).then((answers) => {
  out.load = answers;
  out.ops = run(input.ops);
  process.stdout.write(JSON.stringify(out));
});
"""

IDENTITY = "00" * 32
P_LE = "ed" + "ff" * 30 + "7f"  # the field's prime p: no canonical encoding is >= p
L_HEX = ORDER.to_bytes(32, "little").hex()


def seal(ops: list[list[Any]], base: str | None, before: list[list[Any]] | None = None,
         loads: int = 1) -> dict[str, Any]:
    """What web/seal.js answers under Node, its library at `base` (a file: URL), the default when None."""
    stdin = json.dumps({"seal": str(SEAL), "base": base, "before": before or [], "ops": ops, "loads": loads})
    done = subprocess.run(["node", "-e", DRIVER], input=stdin, capture_output=True, text=True, encoding="utf-8",
                          timeout=120, cwd=ROOT, env=dict(os.environ, NODE_OPTIONS=""))
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def answers(result: dict[str, Any], part: str = "ops") -> list[Any]:
    """The JSON of each answer (a throw fails the test: nothing in web/seal.js may throw)."""
    out = []
    for raw in result[part]:
        assert isinstance(raw, str), f"an operation threw or answered no text: {raw!r}"
        out.append(json.loads(raw))
    return out


def oks(result: dict[str, Any]) -> list[Any]:
    got = answers(result)
    for i, a in enumerate(got):
        assert set(a) == {"ok"}, f"operation {i}: {a}"
    return [a["ok"] for a in got]


def vendor(into: Path) -> str:
    """The build's vendored noble modules in `into`, as the site has them; their folder's file: URL. Node 20 reads a
    .js file as CommonJS unless its package says "module" (a browser goes by the MIME type): the one file added."""
    build_site.vendor_noble(ROOT, into)
    noble = into / build_site.NOBLE_SITE
    (noble / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    return noble.as_uri() + "/"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> str:
    return vendor(tmp_path_factory.mktemp("site"))


def random_point() -> str:
    return bytes(rbcl.crypto_core_ristretto255_random()).hex()


def test_the_card_points_are_libsodiums_byte_for_byte(base: str) -> None:
    result = seal([["cardPoints", 52], ["cardPoints", 0], ["cardPoints", 1]], base)
    assert result["load"] == [["", True]]
    points, none, one = oks(result)
    expected = SodiumGroup().card_points(52)
    assert points == expected
    assert len(set(points)) == 52
    assert none == [] and one == expected[:1]


def test_products_inverses_and_multiples_are_libsodiums(base: str) -> None:
    sodium = SodiumGroup()
    scalars = [sodium.random_scalar() for _ in range(6)] + ["01" + "00" * 31, (ORDER - 1).to_bytes(32, "little").hex()]
    points = [random_point() for _ in range(len(scalars))]
    ops: list[list[Any]] = [["randomScalar"] for _ in range(4)]
    ops += [["inverse", k] for k in scalars]
    ops += [["product", a, b] for a, b in zip(scalars, scalars[1:] + scalars[:1])]
    ops += [["times", json.dumps(points), scalars[0]], ["timesEach", json.dumps(points), json.dumps(scalars)],
            ["times", "[]", scalars[1]]]
    got = oks(seal(ops, base))
    randoms, got = got[:4], got[4:]
    inverses, got = got[:len(scalars)], got[len(scalars):]
    products, got = got[:len(scalars)], got[len(scalars):]
    for k in randoms:
        assert len(k) == 64 and k == k.lower() and 0 < int.from_bytes(bytes.fromhex(k), "little") < ORDER
    assert len(set(randoms)) == 4
    assert inverses == [sodium.inverse(k) for k in scalars]
    assert products == [sodium.product(a, b) for a, b in zip(scalars, scalars[1:] + scalars[:1])]
    assert got[0] == sodium.times(points, scalars[0])
    assert got[1] == sodium.times_each(points, scalars)
    assert got[2] == []
    assert len(set(got[0])) == len(points)


def test_a_key_and_its_inverse_give_the_point_back(base: str) -> None:
    sodium = SodiumGroup()
    k = sodium.random_scalar()
    points = [random_point() for _ in range(5)] + sodium.card_points(3)
    first = oks(seal([["times", json.dumps(points), k], ["inverse", k]], base))
    locked, inverse = first
    assert all(a != b for a, b in zip(locked, points))
    (back,) = oks(seal([["times", json.dumps(locked), inverse]], base))
    assert back == points
    # two keys on, removed in the other order (a card's opening: the receiver removes both keys)
    j = sodium.random_scalar()
    twice = sodium.times(sodium.times(points, k), j)
    (opened,) = oks(seal([["timesEach", json.dumps(twice), json.dumps([sodium.inverse(k)] * len(points))]], base))
    assert opened == sodium.times(points, j)


def test_every_refusal_is_an_error_answer_never_a_throw(base: str) -> None:
    k = SodiumGroup().random_scalar()
    p = random_point()
    one = json.dumps([p])
    bad_scalars = {
        "malformed hex": "zz" * 32,
        "upper case": k.upper() if k.upper() != k else "AB" * 32,
        "31 bytes": k[:62],
        "33 bytes": k + "00",
        "zero": "00" * 32,
        "the order l": L_HEX,
        "over l": "ff" * 32,
        "not a string": 5,
        "nothing": None,
    }
    bad_points = {
        "malformed hex": "zz" * 32,
        "31 bytes": p[:62],
        "33 bytes": p + "00",
        "not canonical (>= p)": P_LE,
        "negative (odd s)": "01" + "00" * 31,
        "no point (s = 2)": "02" + "00" * 31,
        "not a string": 7,
    }
    ops: list[list[Any]] = []
    for s in bad_scalars.values():
        ops += [["inverse", s], ["product", s, k], ["product", k, s], ["times", one, s],
                ["timesEach", one, json.dumps([s])]]
    for q in bad_points.values():
        ops += [["times", json.dumps([p, q]), k], ["timesEach", json.dumps([p, q]), json.dumps([k, k])]]
    ops += [
        ["times", json.dumps([IDENTITY]), k],                      # a product that is the identity
        ["timesEach", json.dumps([p, IDENTITY]), json.dumps([k, k])],
        ["timesEach", json.dumps([p, p]), json.dumps([k])],        # lists of unequal length
        ["timesEach", one, "[]"],
        ["times", "not json", k], ["times", json.dumps({"a": p}), k], ["times", json.dumps(p), k],
        ["timesEach", one, "{"],
        ["times", json.dumps([p] * 1025), k],                      # over the most one call may ask
        ["cardPoints", -1], ["cardPoints", 1.5], ["cardPoints", "3"], ["cardPoints", 1025], ["cardPoints", None],
        ["times", None, k], ["timesEach", None, None],
    ]
    got = answers(seal(ops, base))
    for op, a in zip(ops, got):
        assert set(a) == {"error"} and isinstance(a["error"], str) and a["error"], (op, a)
    errors = [a["error"] for a in got]
    # the error names what was wrong: the second point, the zero scalar, the lengths
    n = len(bad_scalars) * 5
    assert all(e.startswith("point 1:") for e in errors[n:n + 2 * len(bad_points)])
    assert errors[5 * list(bad_scalars).index("zero")] == "scalar: zero"
    assert errors[n + 2 * len(bad_points) + 1] == "point 1: the product is the identity"
    assert errors[n + 2 * len(bad_points) + 2] == "2 points but 1 scalars"
    # and libsodium refuses the same points
    for q in bad_points.values():
        if isinstance(q, str) and len(q) == 64 and q != "zz" * 32:
            assert not rbcl.crypto_core_ristretto255_is_valid_point(bytes.fromhex(q))


def test_before_load_every_operation_answers_not_loaded(base: str) -> None:
    k = SodiumGroup().random_scalar()
    before: list[list[Any]] = [["cardPoints", 2], ["randomScalar"], ["inverse", k], ["product", k, k],
                               ["times", json.dumps([random_point()]), k], ["timesEach", "[]", "[]"]]
    result = seal([["product", k, "01" + "00" * 31]], base, before=before, loads=3)
    assert answers(result, "before") == [{"error": "not loaded"}] * len(before)
    # load's callbacks all come, after load has returned; then the operations work
    assert result["load"] == [["", True]] * 3
    assert oks(result) == [k]


def test_a_library_that_cannot_be_loaded_is_an_error_text_and_operations_stay_refused(tmp_path: Path) -> None:
    k = SodiumGroup().random_scalar()
    nowhere = seal([["product", k, k]], (tmp_path / "none").as_uri() + "/")
    (err, later), = nowhere["load"]
    assert err and later
    assert answers(nowhere) == [{"error": "not loaded"}]
    # the default base is relative to the page: with no page (Node has no document) it cannot be placed
    default = seal([["inverse", k]], None)
    assert default["load"][0][0].startswith("cannot place the library")
    assert answers(default) == [{"error": "not loaded"}]


def test_the_vendored_set_is_what_ed25519_imports_and_each_file_of_it_is_needed(tmp_path: Path) -> None:
    shipped = build_site.vendor_noble(ROOT, tmp_path)
    on_disk = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert sorted(shipped) == on_disk
    noble = build_site.NOBLE_SITE
    assert {f"{noble}/curves/ed25519.js", f"{noble}/curves/utils.js", f"{noble}/hashes/sha2.js",
            f"{noble}/curves/LICENSE", f"{noble}/hashes/LICENSE"} <= set(shipped)
    # what ed25519.js does not import stays out: other curves, other hashes
    for absent in ("curves/abstract/weierstrass.js", "curves/secp256k1.js", "curves/bls12-381.js", "hashes/sha3.js",
                   "hashes/hmac.js"):
        assert f"{noble}/{absent}" not in shipped
    for rel in shipped:
        if rel.endswith(".js"):
            text = (tmp_path / rel).read_text(encoding="utf-8")
            specifiers = [m.group(3) for m in build_site.MODULE_IMPORT.finditer(text)]
            assert all(s.startswith(("./", "../")) for s in specifiers), (rel, specifiers)
            assert "sourceMappingURL" not in text
    # the bare specifier became the copy's relative path
    assert "from '../hashes/sha2.js'" in (tmp_path / noble / "curves/ed25519.js").read_text(encoding="utf-8")
    # every module shipped is needed: without any one of them, the library does not load
    k = SodiumGroup().random_scalar()
    modules = [rel for rel in shipped if rel.endswith(".js")]
    for i, rel in enumerate(modules):
        site = tmp_path / f"without-{i}"
        shutil.copytree(tmp_path / noble, site / noble)
        (site / rel).unlink()
        (site / noble / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
        result = seal([["inverse", k]], (site / noble).as_uri() + "/")
        assert result["load"][0][0].startswith("cannot load the library"), rel
        assert answers(result) == [{"error": "not loaded"}]
