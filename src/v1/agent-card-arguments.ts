/**
 * createAgentCard's arguments: the fields of an AgentCard. Apart from the builders, which export
 * everything they hold, so the list is no public name; a test holds it to the generated field list.
 */
import { arg, required, type ArgumentSpec } from "../core/arguments.js";

/** The fields of an AgentCard (A2A v1.0 specification, section 5.7), its REQUIRED ones required but `capabilities`. */
export const AGENT_CARD_ARGUMENTS: readonly ArgumentSpec[] = [
  required("name"),
  required("description"),
  required("supportedInterfaces"),
  arg("provider"),
  required("version"),
  arg("documentationUrl"),
  arg("capabilities"),
  arg("securitySchemes"),
  arg("securityRequirements"),
  required("defaultInputModes"),
  required("defaultOutputModes"),
  required("skills"),
  arg("signatures"),
  arg("iconUrl"),
];
