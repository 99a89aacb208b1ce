//! Numbers in sentences: "1 operation", "2 operations".

/// `n` and `noun`, plural unless `n` is 1.
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_is_singular_and_the_rest_plural() {
        assert_eq!(super::counted(1u64, "operation"), "1 operation");
        assert_eq!(super::counted(0u64, "move"), "0 moves");
        assert_eq!(super::counted(12u64, "case"), "12 cases");
    }
}
