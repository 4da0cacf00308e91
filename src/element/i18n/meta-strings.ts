/**
 * The words of the details form (`metaFields`). Translated in the shipped locales like every other
 * word; the English ones load with the form's code, not with the element, so a page without
 * `metaFields` does not carry them.
 */
export interface MetaStrings {
  /** The row's button that opens the form; the file's name describes it. */
  metaEdit: string;
  /** The form's accessible name. */
  metaLabel: string;
  metaSave: string;
  metaCancel: string;
  /** Under a required field left empty at Save. */
  metaMissing: string;
  /** The status of a file held back until its required fields are filled. */
  metaNeeded: string;
  /** In the form, and on the row once a change came too late: the metadata went with the session's start. */
  metaLate: string;
}

export const metaEnglish: MetaStrings = {
  metaEdit: 'Edit details',
  metaLabel: 'Details of {name}',
  metaSave: 'Save',
  metaCancel: 'Cancel',
  metaMissing: 'This is required.',
  metaNeeded: 'Needs details',
  metaLate: 'The upload has started: changes made now are not sent with the file.',
};
