/**
 * What the designer page does with a diagram, through the definitions feature's service: open
 * a definition's draft (or its latest version), save a draft, validate, deploy.
 */
import type { Actor } from "../../../shared/http/actor.ts";
import {
  createDefinition,
  deployDefinition,
  getDefinition,
  getVersion,
  saveDraft,
} from "../definitions/definitions.service.ts";
import type { BpmnProblem } from "../definitions/definitions.compile.lib.ts";
import { blankDiagram, checkDiagram, type Findings } from "./designer.rules.ts";

export interface OpenDiagram {
  definitionId: string | null;
  name: string | null;
  /** The deployed version the diagram is (or its draft is based on); 0 when none. */
  version: number;
  xml: string;
}

/** The draft when there is one, else the latest version, else a blank diagram. */
export async function openDiagram(
  actor: Actor,
  { id, blankName }: { id: string | null; blankName: string },
): Promise<OpenDiagram> {
  if (!id) return { definitionId: null, name: null, version: 0, xml: blankDiagram(blankName) };
  const def = await getDefinition(actor, id);
  const version = def.latestVersion ?? 0;
  let xml = def.draftXml ?? null;
  if (!xml && version > 0) xml = (await getVersion(actor, { id, version })).xml;
  return { definitionId: def.id, name: def.name, version, xml: xml ?? blankDiagram(def.name) };
}

/** Saves the working copy; a new diagram becomes a definition (not yet deployed). */
export async function saveDiagram(
  actor: Actor,
  input: { definitionId?: string; xml: string },
): Promise<{ definitionId: string; warnings: BpmnProblem[] }> {
  if (input.definitionId) {
    const saved = await saveDraft(actor, { id: input.definitionId, xml: input.xml });
    return { definitionId: input.definitionId, warnings: saved.warnings };
  }
  const def = await createDefinition(actor, { input: { xml: input.xml } });
  return { definitionId: def.id, warnings: def.warnings };
}

/** Deploys the diagram as a new version, unless it has problems (then nothing is written). */
export async function deployDiagram(
  actor: Actor,
  input: { definitionId?: string; xml: string },
): Promise<Findings & { definitionId: string | null; version: number }> {
  const found = await checkDiagram(input.xml);
  if (found.problems.length) {
    return { ...found, definitionId: input.definitionId ?? null, version: 0 };
  }
  if (!input.definitionId) {
    const def = await createDefinition(actor, { input: { xml: input.xml, deploy: true } });
    return { ...found, definitionId: def.id, version: def.deployed?.version ?? def.latestVersion };
  }
  const deployed = await deployDefinition(actor, {
    id: input.definitionId,
    input: { xml: input.xml },
  });
  return { ...found, definitionId: input.definitionId, version: deployed.version };
}
