/** The earlier home of the flash message; the kit's Toast is the one component now. */
export { type Flash, FlashMessage, Toast } from "./toast.tsx";
