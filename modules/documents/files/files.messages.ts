import { defineMessages, type KeysOf } from "../../../shared/i18n/i18n.ts";

/** Documents: the files page, a file's page, uploads and versions. Key → [English, Turkish]. */
export const filesMessages = defineMessages({
  "documents.tree": ["Folders", "Klasörler"],
  "documents.listLabel": ["Files and folders", "Dosyalar ve klasörler"],
  "documents.filters": ["Filter files", "Dosyaları süz"],
  "documents.search": ["Search names and text", "Adlarda ve metinde ara"],
  "documents.searchPlaceholder": ["File or folder name", "Dosya veya klasör adı"],
  "documents.anyType": ["Any type", "Tüm türler"],
  "documents.anyone": ["Anyone", "Herkes"],
  "documents.created": ["Created", "Oluşturulma"],
  "documents.noResults": ["Nothing matches your search.", "Aramanızla eşleşen bir şey yok."],
  "documents.emptyFolder": ["This folder is empty.", "Bu klasör boş."],
  "documents.emptyFolderHint": [
    "Upload files, drop them here or create a folder.",
    "Dosya yükleyin, buraya bırakın veya bir klasör oluşturun.",
  ],
  "documents.selectFile": ["Select {name}", "{name} dosyasını seç"],
  "documents.selected": ["With the selected files:", "Seçili dosyalarla:"],
  "documents.selectedCount": ["Selected: {count}", "Seçili: {count}"],
  "documents.bulkDeleteConfirm": [
    "Move the selected files to the trash?",
    "Seçili dosyalar çöp kutusuna taşınsın mı?",
  ],
  "documents.downloadZip": ["Download as zip", "Zip olarak indir"],
  "documents.delete": ["Delete", "Sil"],
  "documents.trashConfirm": [
    "Move {name} to the trash? You can restore it from there.",
    "{name} çöp kutusuna taşınsın mı? Oradan geri yükleyebilirsiniz.",
  ],
  "documents.insideFolder": ["Inside: {name}", "Konum: {name}"],
  "documents.upload": ["Upload", "Yükle"],
  "documents.uploadTitle": ["Upload files", "Dosya yükle"],
  "documents.uploadInto": ["Into: {name}", "Konum: {name}"],
  "documents.dropHere": ["Drop files here", "Dosyaları buraya bırakın"],
  "documents.dropOne": ["Drop the new version here", "Yeni sürümü buraya bırakın"],
  "documents.chooseFiles": ["Or choose files", "Veya dosya seçin"],
  "documents.chooseFile": ["Or choose a file", "Veya bir dosya seçin"],
  "documents.uploadedCount": ["Files uploaded: {count}", "Yüklenen dosya: {count}"],
  "documents.networkError": [
    "The connection failed; try again.",
    "Bağlantı kurulamadı; yeniden deneyin.",
  ],
  "documents.preview": ["Preview", "Önizleme"],
  "documents.details": ["Details", "Ayrıntılar"],
  "documents.noPreview": [
    "No preview for this type; download it to open it.",
    "Bu tür için önizleme yok; açmak için indirin.",
  ],
  "documents.checksum": ["Checksum (SHA-256)", "Sağlama toplamı (SHA-256)"],
  "documents.versions": ["Versions", "Sürümler"],
  "documents.current": ["current", "güncel"],
  "documents.newVersion": ["Upload a new version", "Yeni sürüm yükle"],
  "documents.newVersionHint": [
    "It replaces {name}; the current content stays as an earlier version.",
    "{name} dosyasının yerini alır; şimdiki içerik eski bir sürüm olarak kalır.",
  ],
  "documents.uploadedAt": ["Uploaded", "Yüklenme"],
  "documents.uploadedBy": ["Uploaded by", "Yükleyen"],
  "documents.downloadVersion": ["Download version {n}", "Sürüm {n} indir"],
  "documents.restoreVersionN": ["Restore version {n}", "Sürüm {n} geri yükle"],
  "documents.restoreVersionConfirm": [
    "Make version {n} the current one again?",
    "Sürüm {n} yeniden güncel sürüm yapılsın mı?",
  ],
  "documents.shareName": ["Share {name}", "{name} paylaş"],
  "documents.shareFolderName": ["Share the folder {name}", "{name} klasörünü paylaş"],
  "documents.folderShares": ["Sharing of this folder", "Bu klasörün paylaşımları"],
});

declare module "../../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof filesMessages> {}
}
