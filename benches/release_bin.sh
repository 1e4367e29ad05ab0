# Sourced by the scripts that run this tree's release build (`source benches/release_bin.sh`, from the repository's
# root): `release_bin` prints where `cargo build --release` run at the root puts the binary, as an absolute path.
# Cargo builds under CARGO_TARGET_DIR when it is set (a relative one from where cargo runs: the root), else target/.

release_bin() {
    local dir=${CARGO_TARGET_DIR:-target}
    [[ $dir == /* ]] || dir=$PWD/$dir
    printf '%s/release/perfectplay\n' "$dir"
}
