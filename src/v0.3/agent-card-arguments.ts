/**
 * createAgentCard's arguments (v0.3): the fields of an AgentCard. Apart from the builders, which
 * export everything they hold, so the list is no public name; a test holds it to the schema.
 */
import { arg, required, type ArgumentSpec } from "../core/arguments.js";

/** The fields of a v0.3 AgentCard (A2A v0.3.0 specification, section 5.5), its required ones required but the two with defaults. */
export const AGENT_CARD_ARGUMENTS: readonly ArgumentSpec[] = [
  required("name"),
  required("description"),
  required("url"),
  arg("preferredTransport"),
  arg("additionalInterfaces"),
  arg("iconUrl"),
  arg("provider"),
  required("version"),
  arg("documentationUrl"),
  arg("capabilities"),
  arg("securitySchemes"),
  arg("security"),
  required("defaultInputModes"),
  required("defaultOutputModes"),
  required("skills"),
  arg("supportsAuthenticatedExtendedCard"),
  arg("signatures"),
  arg("protocolVersion"),
];
