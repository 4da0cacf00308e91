/**
 * The words of the image editor (`image-editor`). Translated in the shipped locales like every other
 * word; the English ones load with the editor, not with the element. The Edit button's label
 * (`edit`) is among the element's own words.
 */
export interface EditorStrings {
  /** The area kept, and how to move it from the keyboard. */
  editorCrop: string;
  editorCropHelp: string;
  /** The area kept, in the image's pixels: `{width}`, `{height}`, and its top left corner `{left}`, `{top}`. */
  editorCropSize: string;
  editorRotateLeft: string;
  editorRotateRight: string;
  editorFlipHorizontal: string;
  editorFlipVertical: string;
  editorReset: string;
  /** The area's shape: free, or square. */
  editorShape: string;
  editorShapeFree: string;
  editorShapeSquare: string;
  editorSave: string;
  editorCancel: string;
  /** The browser could not read the image. */
  editorUnreadable: string;
  /** Save could not write the edited image (too large for the browser's canvas): the dialog stays open. */
  editorSaveFailed: string;
}

export const editorEnglish: EditorStrings = {
  editorCrop: 'Crop area',
  editorCropHelp: 'Arrow keys move the crop area; Shift with arrow keys changes its size.',
  editorCropSize: '{width} × {height} pixels, from {left}, {top}',
  editorRotateLeft: 'Rotate left',
  editorRotateRight: 'Rotate right',
  editorFlipHorizontal: 'Flip horizontally',
  editorFlipVertical: 'Flip vertically',
  editorReset: 'Reset',
  editorShape: 'Shape',
  editorShapeFree: 'Free',
  editorShapeSquare: 'Square',
  editorSave: 'Save',
  editorCancel: 'Cancel',
  editorUnreadable: 'This image cannot be opened for editing.',
  editorSaveFailed: 'The edited image could not be saved. Try a smaller crop area, or Cancel to keep the original.',
};
