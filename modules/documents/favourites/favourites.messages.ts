import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: personal favourites. Key → [English, Turkish]. */
export const favouritesMessages = defineMessages({
  "documents.favourites": ["Favourites", "Favoriler"],
  "documents.addFavourite": ["Add to favourites", "Favorilere ekle"],
  "documents.removeFavourite": ["Remove from favourites", "Favorilerden çıkar"],
  "documents.isFavourite": ["In your favourites", "Favorilerinizde"],
  "documents.noFavourites": ["No favourites yet.", "Henüz favori yok."],
  "documents.noFavouritesHint": [
    "Add files and folders to your favourites from their page to find them here.",
    "Dosya ve klasörleri sayfalarından favorilerinize ekleyin, burada bulun.",
  ],
  "documents.favouredAt": ["Added", "Eklenme"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof favouritesMessages> {}
}
