/** The file's checksums, in the form servers report them (Cloud Storage: base64). */
export interface FileDigests {
  md5Hash: string;
  crc32c: string;
}
