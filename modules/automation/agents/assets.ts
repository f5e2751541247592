import { registerAsset } from "../../../ui/assets.ts";

const pkg = (path: string) => new URL(`../../../node_modules/${path}`, import.meta.url);

// The agent editor: CodeJar (ES module) with Prism's TypeScript and JSON grammars.
registerAsset("codejar.js", pkg("codejar/dist/codejar.js"));
registerAsset("prism.js", pkg("prismjs/prism.js"));
registerAsset("prism-typescript.js", pkg("prismjs/components/prism-typescript.js"));
registerAsset("prism-json.js", pkg("prismjs/components/prism-json.js"));
registerAsset("prism.css", pkg("prismjs/themes/prism.css"));
registerAsset("agents-editor.js", new URL("../assets/agents-editor.js", import.meta.url));
registerAsset("agents-editor.css", new URL("../assets/agents-editor.css", import.meta.url));
