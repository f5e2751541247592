import { defineMessages, type KeysOf } from "../../shared/i18n/i18n.ts";

// Single sign-on: the admin page, the sign-in button and the refusal page.
export const ssoMessages = defineMessages({
  "sso.title": ["Single sign-on", "Tek oturum açma"],
  "sso.description": [
    "Let members sign in with your company's OpenID Connect provider.",
    "Üyelerin şirketinizin OpenID Connect sağlayıcısıyla giriş yapmasını sağlayın.",
  ],
  "sso.provider": ["Identity provider", "Kimlik sağlayıcı"],
  "sso.enabled": ["Single sign-on is on", "Tek oturum açma açık"],
  "sso.issuer": ["Issuer address", "Yayıncı adresi"],
  "sso.issuer.hint": [
    "The provider's address, for example https://login.example.com. Its settings are read from there.",
    "Sağlayıcının adresi, örneğin https://login.example.com. Ayarları oradan okunur.",
  ],
  "sso.clientId": ["Client ID", "İstemci kimliği"],
  "sso.clientSecret": ["Client secret", "İstemci gizli anahtarı"],
  "sso.clientSecret.keep": [
    "A secret is stored. Leave empty to keep it.",
    "Bir gizli anahtar kayıtlı. Korumak için boş bırakın.",
  ],
  "sso.clientSecret.hint": [
    "Stored encrypted and never shown again.",
    "Şifrelenmiş olarak saklanır ve bir daha gösterilmez.",
  ],
  "sso.redirectUri": [
    "Redirect address to register at the provider",
    "Sağlayıcıya kaydedilecek dönüş adresi",
  ],
  "sso.label": ["Company name on the button", "Düğmedeki şirket adı"],
  "sso.label.hint": ["Shown as “Sign in with …”.", "“… ile giriş yap” olarak gösterilir."],
  "sso.domains": ["Allowed e-mail domains", "İzin verilen e-posta alan adları"],
  "sso.domains.hint": [
    "One per line. People of these domains get an account on their first sign-in.",
    "Her satıra bir tane. Bu alan adlarındaki kişiler ilk girişte hesap alır.",
  ],
  "sso.roles": ["Roles from the provider", "Sağlayıcıdan gelen roller"],
  "sso.roleClaim": ["Claim that carries the role", "Rolü taşıyan talep"],
  "sso.roleClaim.hint": [
    "For example groups. Leave empty to give everyone the default role.",
    "Örneğin groups. Herkese varsayılan rolü vermek için boş bırakın.",
  ],
  "sso.roleMap": ["Claim value → role", "Talep değeri → rol"],
  "sso.roleMap.hint": [
    "One per line as value = role, for example admins = admin.",
    "Her satıra bir tane, değer = rol biçiminde; örneğin admins = admin.",
  ],
  "sso.defaultRole": ["Default role", "Varsayılan rol"],
  "sso.required": ["Require single sign-on", "Tek oturum açma zorunlu"],
  "sso.required.hint": [
    "Members can no longer sign in with a password, except the break-glass owner.",
    "Acil durum sahibi dışında üyeler artık parolayla giriş yapamaz.",
  ],
  "sso.breakGlass": ["Break-glass owner", "Acil durum sahibi"],
  "sso.breakGlass.none": ["Nobody", "Kimse"],
  "sso.breakGlass.hint": [
    "The one owner who may still sign in with a password if the provider fails.",
    "Sağlayıcı çalışmazsa hâlâ parolayla giriş yapabilecek tek sahip.",
  ],
  "sso.save": ["Save", "Kaydet"],
  "sso.saved": ["Single sign-on settings saved.", "Tek oturum açma ayarları kaydedildi."],
  "sso.remove": ["Remove single sign-on", "Tek oturum açmayı kaldır"],
  "sso.removed": ["Single sign-on removed.", "Tek oturum açma kaldırıldı."],
  "sso.test": ["Try signing in", "Girişi dene"],
  "sso.error.issuer": [
    "Enter the https:// address of a provider reachable on the internet, without a query.",
    "İnternetten erişilebilen bir sağlayıcının sorgu içermeyen https:// adresini girin.",
  ],
  "sso.error.clientId": ["Enter the client ID.", "İstemci kimliğini girin."],
  "sso.error.clientSecret": ["Enter the client secret.", "İstemci gizli anahtarını girin."],
  "sso.error.allowedDomains": [
    "Enter one to twenty domains such as example.com.",
    "example.com gibi bir ile yirmi arası alan adı girin.",
  ],
  "sso.error.roleClaim": [
    "Enter a claim name of at most 100 characters.",
    "En fazla 100 karakterlik bir talep adı girin.",
  ],
  "sso.error.roleMap": [
    "Write each line as value = role, with a role of this workspace (not owner).",
    "Her satırı değer = rol biçiminde, bu çalışma alanının bir rolüyle (sahip olmadan) yazın.",
  ],
  "sso.error.defaultRole": ["Choose a role other than owner.", "Sahip dışında bir rol seçin."],
  "sso.error.roleRights": [
    "You cannot hand out this role: it has permissions you do not hold.",
    "Bu rolü veremezsiniz: sizde olmayan izinleri var.",
  ],
  "sso.error.breakGlassUserId": [
    "Choose an owner when single sign-on is required.",
    "Tek oturum açma zorunluysa bir sahip seçin.",
  ],
  "sso.error.label": [
    "Enter a name of at most 100 characters.",
    "En fazla 100 karakterlik bir ad girin.",
  ],
  // Sign-in page.
  "sso.signInWith": ["Sign in with {company}", "{company} ile giriş yap"],
  "sso.or": ["or", "veya"],
  "sso.login.required": [
    "This workspace signs in through its identity provider. Use the single sign-on button.",
    "Bu çalışma alanında giriş kimlik sağlayıcısıyla yapılır. Tek oturum açma düğmesini kullanın.",
  ],
  // A start that came from another site: the person confirms.
  "sso.continue.title": ["Continue to single sign-on", "Tek oturum açmaya devam edin"],
  "sso.continue.text": [
    "You are about to sign in through {company}. Continue only if you started this sign-in yourself.",
    "{company} üzerinden giriş yapmak üzeresiniz. Yalnızca bu girişi kendiniz başlattıysanız devam edin.",
  ],
  "sso.continue.button": ["Continue to {company}", "{company} ile devam et"],
  "sso.onward.text": ["Taking you to {company}…", "{company} sayfasına yönlendiriliyorsunuz…"],
  // Refusal page.
  "sso.refused.title": ["Sign-in refused", "Giriş reddedildi"],
  "sso.refused.expired": [
    "The sign-in took too long or was already used. Start again.",
    "Giriş çok uzun sürdü ya da zaten kullanıldı. Yeniden başlayın.",
  ],
  "sso.refused.provider": [
    "The identity provider did not sign you in.",
    "Kimlik sağlayıcı girişinizi onaylamadı.",
  ],
  "sso.refused.invalid": [
    "The answer of the identity provider could not be verified, so nobody was signed in.",
    "Kimlik sağlayıcının yanıtı doğrulanamadı; bu yüzden kimse giriş yapmadı.",
  ],
  "sso.refused.unverified": [
    "The identity provider did not confirm your e-mail address.",
    "Kimlik sağlayıcı e-posta adresinizi doğrulamadı.",
  ],
  "sso.refused.domain": [
    "{email} cannot sign in to this workspace: its e-mail domain is not one of the workspace's.",
    "{email} bu çalışma alanına giriş yapamaz: e-posta alan adı çalışma alanınınkilerden biri değil.",
  ],
  "sso.refused.disabled": [
    "Your membership in this workspace is disabled. Ask an administrator.",
    "Bu çalışma alanındaki üyeliğiniz devre dışı. Bir yöneticiye başvurun.",
  ],
  "sso.refused.linked": [
    "{email} already has an account that belongs to other workspaces too, or is protected by the owner role or a second factor, so this workspace's identity provider cannot sign it in. Sign in with your password instead.",
    "{email} adresinin başka çalışma alanlarına da üye olan ya da sahip rolü veya ikinci bir doğrulama adımıyla korunan bir hesabı var; bu yüzden bu çalışma alanının kimlik sağlayıcısı onunla giriş yapamaz. Bunun yerine parolanızla giriş yapın.",
  ],
  "sso.refused.unavailable": [
    "Single sign-on is not available for this workspace right now.",
    "Bu çalışma alanı için tek oturum açma şu anda kullanılamıyor.",
  ],
  "sso.refused.back": ["Back to sign-in", "Giriş sayfasına dön"],
});

declare module "../../shared/i18n/i18n.ts" {
  interface MessageCatalog extends KeysOf<typeof ssoMessages> {}
}
