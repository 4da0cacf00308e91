/**
 * Words that agree with a number: one form per plural category the language has, as
 * `Intl.PluralRules` names them (`zero`, `one`, `two`, `few`, `many`, `other`; English needs
 * `one` and `other`, Polish `one`, `few`, `many` and `other`, Japanese `other` alone). `{count}` is
 * the number, formatted for the language; a form that only one number selects may spell it out
 * instead ("one file").
 *
 * @example
 * { one: '{count} file left', other: '{count} files left' }
 */
export type PluralMessage = { readonly [category in Intl.LDMLPluralRule]?: string } & { readonly other: string };
