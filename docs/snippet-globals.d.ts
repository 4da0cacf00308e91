// What the docs' examples take for granted in the application around them, declared once so the
// snippets stay short (scripts/docs/snippets.ts type-checks them with this file). Add a name here only when many examples use it.
declare const file: File;
declare const uploader: import('resumable-upload').ResumableUploadElement;
declare const bar: HTMLProgressElement;
declare const folderId: string;
declare const attachments: File[];
/** Your app's OAuth access token (see docs/recipes/google-drive.md). */
declare function getToken(): Promise<string>;
declare function getAccessToken(): Promise<string>;
declare function setStored(update: (names: string[]) => string[]): void;
declare function serviceToken(): Promise<string>;

/** The part of Google Identity Services' token client that docs/recipes/google-drive.md uses. */
interface GoogleTokenResponse {
  access_token: string;
  expires_in: string | number;
  error?: string;
}
declare const google: {
  accounts: {
    oauth2: {
      initTokenClient(config: { client_id: string; scope: string; callback: (response: GoogleTokenResponse) => void }): {
        callback: (response: GoogleTokenResponse) => void;
        requestAccessToken(options?: { prompt?: string }): void;
      };
    };
  };
};
