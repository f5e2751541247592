/** The script guide: sections of prose, reference XML and runnable examples with "Try it". */
import type { Locale } from "../../../shared/i18n/i18n.ts";
import { Badge, Button, Card, Field, useReader, useT } from "../../../ui/kit.ts";
import type { GuideExample, GuideSection, Prose } from "./guide.types.lib.ts";

export const GUIDE_PATH = "/workflow/admin/script-guide";

/** What the page fills in at run time: reference lists and the script limits. */
export interface GuideFacts {
  operations: string[];
  events: string[];
  deadlineMs: number;
  memoryMb: number;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: string };

function say(l: Locale, p: Prose, facts?: GuideFacts): string {
  const text = l.startsWith("tr") ? p.tr : p.en;
  return facts
    ? text.replace("{deadline}", String(facts.deadlineMs)).replace(
      "{memory}",
      String(facts.memoryMb),
    )
    : text;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

/** Prose with `backticks` around code: those parts are set as code. */
function Rich({ text }: { text: string }) {
  return <>{text.split(/`([^`]+)`/).map((part, i) => i % 2 ? <code>{part}</code> : part)}</>;
}

/** The answer of "Try it" (replaces the example's result box). */
export function TryResult(
  { id, outcome, message }: { id: string; outcome?: Outcome; message?: string },
) {
  const t = useT();
  const failed = message !== undefined || (outcome !== undefined && !outcome.ok);
  return (
    <div id={`wfg-out-${id}`} class="guide-result" aria-live="polite">
      {(outcome || message) && (
        <>
          <strong>{t(failed ? "wfg.error" : "wfg.result")}</strong>
          <pre class={failed ? "guide-error" : undefined}>
            <code>{message ?? (outcome!.ok ? json(outcome!.value) : outcome!.error)}</code>
          </pre>
        </>
      )}
    </div>
  );
}

function Example({ e }: { e: GuideExample }) {
  const t = useT();
  const l = useReader().locale;
  const kind = t(`wfg.kind.${e.kind}`);
  return (
    <article class="guide-example" id={`example-${e.id}`}>
      <h3>
        {say(l, e.title)} <Badge tone="gray">{e.timer ? `${kind}: ${e.timer}` : kind}</Badge>
      </h3>
      <form
        method="post"
        action={`${GUIDE_PATH}/try`}
        hx-post={`${GUIDE_PATH}/try`}
        hx-target={`#wfg-out-${e.id}`}
        hx-swap="outerHTML"
        class="form"
      >
        <input type="hidden" name="example" value={e.id} />
        <Field label={t("wfg.code")} wide>
          <textarea
            name="code"
            rows={Math.min(8, e.code.split("\n").length + 1)}
            spellcheck={false}
          >
            {e.code}
          </textarea>
        </Field>
        <Field label={t("wfg.variables")} wide>
          <textarea name="variables" rows={3} spellcheck={false}>
            {JSON.stringify(e.variables)}
          </textarea>
        </Field>
        <p>
          <strong>{t(e.error !== undefined ? "wfg.expectedError" : "wfg.expected")}</strong>
        </p>
        <pre><code>{e.error !== undefined ? `… ${e.error} …` : json(e.expected)}</code></pre>
        <Button type="submit" variant="secondary" icon="play">{t("wfg.try")}</Button>
        <TryResult id={e.id} />
      </form>
    </article>
  );
}

function Section({ s, facts }: { s: GuideSection; facts: GuideFacts }) {
  const t = useT();
  const l = useReader().locale;
  const list = s.list === "operations" ? facts.operations : s.list === "events" ? facts.events : [];
  return (
    <Card title={say(l, s.title)} id={`section-${s.id}`}>
      {s.prose.map((p) => (
        <p>
          <Rich text={say(l, p, facts)} />
        </p>
      ))}
      {list.length > 0 && (
        <ul class="guide-list">
          {list.map((name) => (
            <li>
              <code>{name}</code>
            </li>
          ))}
        </ul>
      )}
      {s.xml && (
        <>
          <p>
            <strong>{t("wfg.inXml")}</strong>
          </p>
          <pre><code>{s.xml}</code></pre>
        </>
      )}
      {s.examples.map((e) => <Example e={e} />)}
    </Card>
  );
}

export function GuideView(
  { sections, facts }: { sections: GuideSection[]; facts: GuideFacts },
) {
  const t = useT();
  const l = useReader().locale;
  return (
    <div>
      <Card title={t("wfg.contents")}>
        <ul class="guide-contents">
          {sections.map((s) => (
            <li>
              <a href={`#section-${s.id}`}>{say(l, s.title)}</a>
            </li>
          ))}
        </ul>
      </Card>
      {sections.map((s) => <Section s={s} facts={facts} />)}
    </div>
  );
}
