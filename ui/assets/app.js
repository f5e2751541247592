// Marks the page as scripted so no-JS fallbacks (plain submit buttons) can hide.
document.documentElement.classList.add("js");
