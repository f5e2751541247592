import { addMessages } from "../../shared/i18n/i18n.ts";

addMessages("en", {});
addMessages("tr", {});
