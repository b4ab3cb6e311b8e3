/** Format functions the generated legacy validators import (see scripts/generate/legacy.ts). */
import { isUtcTimestamp } from "../core/timestamp.js";
import { isAbsoluteUri } from "../core/uri.js";

const formats = {
  "date-time": isUtcTimestamp,
  uri: isAbsoluteUri,
};

export default formats;
