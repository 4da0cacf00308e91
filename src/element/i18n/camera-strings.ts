/**
 * The words of the camera (the `camera` attribute). Translated in the shipped locales like every
 * other word; the English ones load with the camera's code, not with the element, so a page
 * without `camera` does not carry them.
 */
export interface CameraStrings {
  /** The button that opens the camera, and the panel's accessible name. */
  camera: string;
  /** The panel's buttons. */
  cameraTakePhoto: string;
  cameraRecord: string;
  cameraStop: string;
  cameraSwitch: string;
  cameraClose: string;
  /** Said while the camera starts, and once when recording starts (shown beside the elapsed time). */
  cameraStarting: string;
  cameraRecording: string;
  /** Said once a photo or video is added to the list (`{name}`: its file name). */
  cameraAdded: string;
  /** Why the live camera is not shown, above the button that opens the device's own camera (`cameraNative`). */
  cameraUnsupported: string;
  cameraDenied: string;
  cameraMissing: string;
  cameraFailed: string;
  cameraNative: string;
}

export const cameraEnglish: CameraStrings = {
  camera: 'Camera',
  cameraTakePhoto: 'Take photo',
  cameraRecord: 'Record video',
  cameraStop: 'Stop recording',
  cameraSwitch: 'Switch camera',
  cameraClose: 'Close',
  cameraStarting: 'Starting the camera…',
  cameraRecording: 'Recording',
  cameraAdded: '{name} added',
  cameraUnsupported: 'This browser cannot show the camera on this page.',
  cameraDenied: 'Access to the camera was refused.',
  cameraMissing: 'No camera was found.',
  cameraFailed: 'The camera could not be started.',
  cameraNative: "Use the device's camera",
};
