//! Reading footholds input never panics: arbitrary text, and valid inputs with bytes changed, are either read or
//! rejected with a message that says where.

use perfectplay::format::TextFormat;
use perfectplay::games::footholds::Instance;
use proptest::prelude::*;

const VALID: &str = "[[1, 1, 1], [1, 0, 1], [1, 1, 1]]\n[1, 0]\n[1, 2]\n";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_is_read_or_rejected(text in "\\PC*") {
        if let Err(error) = Instance::parse(&text) {
            prop_assert!(!error.message.is_empty());
        }
    }

    #[test]
    fn text_made_of_input_characters_is_read_or_rejected(text in "[\\[\\]0-9, \n#.AB*-]{0,60}") {
        if let Err(error) = Instance::parse(&text) {
            prop_assert!(!error.message.is_empty());
        }
    }

    #[test]
    fn changed_valid_input_is_read_or_rejected(at in 0..VALID.len(), with in "[\\[\\]0-9, \n#.\"e-]") {
        let mut text = VALID.to_string();
        text.replace_range(at..at + 1, &with);
        match Instance::parse(&text) {
            Ok(instance) => prop_assert_eq!(Instance::parse(&instance.to_text()), Ok(instance)),
            Err(error) => prop_assert!(!error.to_string().is_empty()),
        }
    }
}
