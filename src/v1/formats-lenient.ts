/** Format checks the generated lenient v1 validators import (see scripts/generate/v1.ts). */
import { isAbsoluteUri } from "../core/uri.js";
import { isLenientBase64, isLenientTimestamp } from "./formats.js";

const formats = {
  "date-time": isLenientTimestamp,
  uri: isAbsoluteUri,
  byte: isLenientBase64,
};

export default formats;
