/**
 * Every user-facing string. Texts quoted from the specification keep its exact wording (typos included);
 * the rest are ours, for situations the specification leaves open.
 */
export const messages = {
  // spec 1 §5 validation
  emailInvalid: 'Email is invalid',
  emailEmpty: 'Email cannot be empty',
  nameTooShort: 'Name must be greater than 2 characters',
  passwordTooLong: "Password can't be greater than 16.",
  passwordTooShort: "Password can't be less than 8 characters.",
  passwordSpaces: 'Empty space is not allowed.',
  passwordEmpty: "Password Field can't be empty.",
  repeatPasswordEmpty: "Repeat password can't be empty.",
  repeatPasswordTooShort: "Repeat password can't be less than 8 characters.",
  repeatPasswordTooLong: "Repeat password can't be greater than 16.",
  passwordsDoNotMatch: 'Passwords do not match.',
  termsRequired: 'You need to agree to our terms and conditions.',
  humanCheckRequired: 'Please verify you are human',
  profileNameEmpty: 'Name cannot be empty',
  // spec 1 §5 change password (settings flow)
  settingsOldPasswordTooShort: "Password can't be less than 8.",
  settingsPasswordTooLong: "Password can't be greater than 16.",
  settingsNewPasswordTooShort: "Password can't be smaller than 8.",
  settingsRepeatEmpty: "Repeat Password can't be empty.",
  settingsRepeatTooShort: "Repeat password can't be smaller than 8.",
  settingsRepeatTooLong: "Repeat password can't be greater than 16.",
  settingsPasswordsDoNotMatch: 'Password do not match.',

  // spec 1 §8 successes
  loggedIn: 'User Logged In successfully',
  registered: 'Account created successfully & verification email has been sent to your email address',
  resetEmailSent: 'Password reset email has been sent successfully!',
  passwordCreated: 'Password create successfully',
  passwordUpdated: 'Password updated successfully',
  nameUpdated: 'User name updated successfully',
  formSubmitted: 'Form submitted successfully',
  signatureUploaded: 'Signature uploaded successfully',

  // spec 1 §8 errors and local messages
  blockedSuffix: '. Please Contact support',
  contactSupportSuffix: ' Please Contact support',
  userNotFound: 'User with the given email not found',
  notActivatedBlock: 'Account Blocked: vault Not activated within 14 days.',
  accountBlocked: 'Your Account has been Blocked Please login again',
  fillGpaFirst: 'Please fill your GPA data first',
  openAccountPrompt: 'Submit your GPA Level 3 Data to Continue',
  logoutConfirm: 'Are you sure you want to logout?',
  somethingWentWrong: 'Something went wrong',
  cookiesBlocked:
    'This site requires cookies and local storage. Please enable them in your browser settings and reload the page.',
  backSoon: "We'll be back soon",
  vaultNotActivated: 'Your Vault has not been activated yet. Please activate your vault and try again.',

  // spec 1 §5 and §8: membership application
  dateRequired: 'Date is required',
  sponsoringAssemblyRequired: 'Sponsoring Assembly Required',
  uploadSignature: 'Upload the signature',
  uploadSignatureFirst: 'Please upload signature first',
  // ours: membership application fields (the spec does not show them)
  prefixRequired: 'Prefix is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number can only contain digits',
  phoneTooShort: 'Phone number is too short',
  phoneTooLong: 'Phone number is too long',
  areaCodeDigits: 'Area code can only contain digits (at most 5)',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  postalCodeRequired: 'Postal code is required',
  countryRequired: 'Country is required',
  countryUnknown: 'Choose a country from the list',
  draftSaved: 'Your application is saved. You can continue where you left off.',

  // ours: account access
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  emailNotVerified: 'Please verify your email address first. We can send you a new verification link.',
  verificationResent: 'If an unverified account exists for this email, a new verification link has been sent.',
  emailVerified: 'Your email address is verified. You can now log in.',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  humanCheckFailed: 'The human check failed or expired. Please try again.',
  blocked: 'Your account has been blocked',
  codeInvalid: 'The code is incorrect',
  codeExpired: 'This code has expired or was already used. Please request a new one.',
  codeVerified: 'Code verified successfully',
  oldPasswordWrong: 'Old password is incorrect',
  samePassword: 'The new password must be different from the old one',
  accountDeleted: 'Your account has been deleted',
  loggedOut: 'Logged out successfully',
  pictureUpdated: 'Profile picture updated successfully',
  fileTypeNotAllowed: 'Please select image only',
  fileTooLarge: 'The file is too large (5 MB at most)',
  fileMissing: 'Please choose a file to upload',
  // ours: issue 8, uploads (a body that is not readable multipart; the per-member storage quota)
  uploadUnreadable: 'The upload could not be read. Please try again.',
  storageQuotaReached:
    'You have reached your storage limit of 20 MB. Uploads you did not use are removed after 24 hours; please try again then.',
  contactSent: 'Thank you! Your message has been received. We will get back to you soon.',
  inquirySent: 'Thank you! Your question has been received. We will get back to you soon.',
  newsletterSubscribed: 'You are subscribed to our newsletter.',
  messageRequired: 'Message cannot be empty',
  subjectRequired: 'Subject cannot be empty',
  maintenanceUpdated: 'Maintenance setting updated',
  userBlockedByAdmin: 'Member blocked',
  userUnblockedByAdmin: 'Member unblocked',
  sessionsRevokedByAdmin: "The member's sessions were ended",

  // spec 2 §5, §8: sending tokens
  sendEmailRequired: 'Email is required',
  sendEmailInvalid: 'Email is not valid',
  activateFirst: 'Please activate your vault first',
  requestSubmitted: 'Request submitted successfully please wait for admin approval',
  // ours: sending tokens
  recipientNotFound: 'No active member uses this e-mail address',
  sendToSelf: 'You cannot send tokens to yourself',
  sdiraSendsByRequest: 'Legacy accounts send tokens by request: please use Send Request',

  // spec 1 §4 and §8: vault activation
  walletActivated: 'Wallet activate successfully',
  vaultActivated: 'Your vault is activated',
  // ours: vault activation ({amount} and {symbol} are filled in by the server)
  activationShortfall: 'You need at least {amount} {symbol} (the value of 21 silver tokens) to activate your vault',
  alreadyActivated: 'Your vault is already activated',
  activationCoinNotAccepted: 'This coin cannot be used to activate your vault',
  activationUnavailable: 'Vault activation is not available yet: the silver token has no price',
  adminHasNoVault: 'Administrator accounts have no vault to activate',

  // ours: the token catalogue and prices
  unknownAsset: 'There is no token or coin with this symbol',
  rejectionReasonRequired: 'A reason is required',
  liquidityPriceFixed: 'The price of a liquidity token is fixed at 1 USD',
  priceTooHigh: 'The price is too high',
  priceRecorded: 'Price recorded',
  // ours: the back office's catalogue (issue 11): how tokens and coins are shown
  catalogueSaved: 'Changes saved',
  catalogueNothingToChange: 'Change at least one field',
  catalogueOrderInvalid: 'Enter a whole number from 0 to 9999',
  catalogueDecimalsInvalid: 'Enter a whole number of decimals from 0 to 8',
  decimalsCannotDecrease:
    'Decimals can only be raised: balances and history already recorded with more decimals would no longer be exact',
  colourInvalid: 'Enter a colour as # and 6 hexadecimal digits (#1f6feb)',
  iconInvalid: 'Choose one of the icons offered or upload an image',
  iconTooLarge: 'The icon is too large (256 KB at most)',
  iconUploaded: 'Icon uploaded',

  // ours: the ledger
  insufficientBalance: 'Insufficient balance',
  invalidAmount: 'Invalid amount',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  holdAlreadyResolved: 'This request was already approved or rejected',
  entryAlreadyReversed: 'This transaction was already reversed',
  entryNotReversible: 'This transaction cannot be reversed',

  // ours: sdira send requests and their approval ({amount}, {symbol} and {reason} are filled in by the server)
  sendRequestsSdiraOnly: 'Send requests are for legacy accounts: please use Send',
  requestPendingNote: 'Waiting for admin approval (treasury review, 3-4 working days)',
  requestRejectedNote: 'Request rejected: {reason}',
  requestApproved: 'Send request approved',
  requestRejected: 'Send request rejected',
  recipientNoLongerActive:
    'The recipient is no longer an active member, so the request stays pending. Reject it to return the tokens.',
  sendRequestApprovedNotice: 'Your send request of {amount} {symbol} was approved',
  sendRequestRejectedNotice: 'Your send request of {amount} {symbol} was rejected: {reason}',
  // ours: issue 9, notifications in the bell ({email} is the sender's address, never an internal id)
  tokensReceivedNotice: 'You received {amount} {symbol} from {email}',
  passwordChangedNotice:
    'Your password was changed. If this was not you, reset it now with "Forgot password" and contact support.',

  // spec 2 §4, §5, §8: swaps (the success texts keep the spec's wording)
  swapEnterAmount: 'Please enter amount',
  swapAmountZero: 'Amount cannot be zero',
  assetSwapInvalidAmount: 'Please enter valid amount',
  tokenSwapDone: 'Token Swap successfully',
  tokenSwapDoneShown: 'You have successfully acquired CQR Dollars',
  swapDone: 'Swap successfully done',
  assetsSwapDone: 'Assets swap successfully',
  swapRequestSent: 'Swap request send to admin',
  legacySwapRequestSent: 'Legacy swap request received successfully. Please wait for admin response for this request.',
  tokenSwapRequestShown: 'Token request sent to admin please wait for approval',
  // ours: swaps (quotes, pairs, the spread, requests and their decision)
  swapQuoteExpired: 'Your quote has expired. Please get a new quote and try again.',
  swapPriceMoved: 'The price has moved since your quote. Please get a new quote and try again.',
  swapQuoteInvalid: 'This quote does not match the swap. Please get a new quote and try again.',
  swapSameToken: 'Choose two different tokens to swap',
  swapPairNotOffered: 'These tokens cannot be swapped here',
  swapTargetLegacy: 'Legacy tokens cannot be received in a swap',
  swapTooSmall: 'The amount is too small: you would receive nothing',
  sdiraSwapsByRequest: 'Legacy accounts swap by request: please use Swap Request',
  legacySwapsByRequest: 'Legacy tokens are swapped by request: please use Swap Request',
  swapRequestsNotNeeded: 'Swap requests are for legacy accounts and legacy tokens: please use Swap',
  swapAllowed: 'You can swap these tokens',
  swapSpreadUpdated: 'Swap spread updated',
  swapSpreadInvalid: 'The spread must be a percentage from 0 to 10 with at most 2 decimals',
  swapRequestApproved: 'Swap request approved',
  swapRequestRejected: 'Swap request rejected',
  swapRequestApprovedNotice: 'Your swap request of {amount} {symbol} for {toAmount} {toSymbol} was approved',
  swapRequestRejectedNotice: 'Your swap request of {amount} {symbol} was rejected: {reason}',

  // ours: administrators' sign-in at /admin (issue 11)
  adminSignInFailed: 'Wrong e-mail, password or code',
  enrolmentLinkInvalid:
    'This enrolment link cannot be used: it was used already, it expired or it does not exist. Ask an owner for a new one.',
  enrolmentCodeWrong: 'That code is not right: enter the 6-digit code your authenticator app shows now',
  adminSignedOut: 'Signed out',

  // ours: maker-checker (issue 11): money actions above the owners' threshold wait for a second administrator
  reasonLength: 'The reason must be 3 to 500 characters',
  makerCheckerWaiting: 'Waiting for a second administrator',
  makerCheckerReasonRequired: 'A reason is required to ask a second administrator',
  makerCannotDecide: 'A second administrator must decide this: you asked for it',
  actionAlreadyDecided: 'This action was already approved or rejected',
  actionAlreadyWaiting: 'This is already waiting for a second administrator',
  actionApproved: 'Approved and carried out',
  actionRejected: 'Rejected: nothing was moved',
  makerCheckerThresholdUpdated: 'Maker-checker threshold updated',
  makerCheckerThresholdInvalid: 'Enter an amount in USD (at most 2 decimals)',
  entryReversed: 'Transaction reversed',

  // spec 2 §5, §8 and issue 15: chat ('Please select image only' is fileTypeNotAllowed)
  chatSomethingWentWrongList: 'Something Went Wrong',
  chatOffline: 'Please check your internet connection',
  // ours: issue 15, chat
  chatMessageEmpty: 'Write a message or attach a file',
  chatReadOnly: 'This conversation is read-only',
  chatTooFast: 'You are sending messages too quickly. Please wait a moment.',
  chatSelf: 'You cannot start a conversation with yourself',
  chatAttachmentUnknown: 'Please upload the file again',
  chatRoomDeleted: 'Conversation deleted',
  chatMemberBlocked: 'Member blocked: they can no longer message you',
  chatMemberUnblocked: 'Member unblocked',
  chatRoomAssigned: 'Conversation assigned to you',
  chatRead: 'Conversation marked as read',
  chatClientIdReused: 'This message id was already used in another conversation',

  // ours: protocol-level errors
  unauthorized: 'Your session has expired. Please log in again.',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  invalidRequest: 'The request is invalid',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request is too large',
  internal: 'Something went wrong. Please try again.',
  maintenance: "We'll be back soon",
  changePasswordFirst: 'Please change your password to continue',
  // ours: text no column can hold (a lone UTF-16 surrogate, a NUL character), refused as the body is read
  textNotStorable: 'The text contains characters that cannot be stored',
  // ours: what the back office outbox shows in place of a code or a link's token
  outboxHidden: '[hidden]',

  // spec 2 §2, §5, §8: funding (issue 12)
  amountRequired: 'Amount is required',
  amountLessThen8: 'Amount less then 8',
  firstAssetMinimum: 'Please acquire a minimum value of {n} ICO Ag Tokens or more. See description for details',
  settlementConfirm: 'Are you sure you want to perform this action using {method}?',
  nameRequired: 'Name is required',
  stateRequired: 'state is required',
  streetAddressRequired: 'streetAddress is required',
  zipCodeRequired: 'zip Code is required',
  selectPrimaryAddress: 'Please select your primary address first',
  addressSaveFailed: 'Unable to save address at the moment.',
  paymentSelectionComingSoon: 'Coming soon',
  // ours: funding ({…} are filled in by the server)
  remittanceAddressSaved: 'Remittance address saved',
  remittanceAddressDeleted: 'Remittance address deleted',
  remittanceAddressPrimary: 'Primary address selected',
  remittanceAddressLimit: 'You can keep at most {max} remittance addresses: please delete one first',
  remittanceAgreementRequired: 'Please agree to the remittance agreement',
  tokenNotPurchasable: 'This token cannot be purchased',
  activationContributionMinimum:
    'Activation needs a contribution worth at least {usd} USD (the value of 21 silver tokens): {amount} {symbol}',
  purchasePriceMissing: 'This token has no price yet, so it cannot be purchased',
  directWireCreated: 'Direct wire request created',
  legacyDepositSent: 'Request submitted successfully please wait for admin approval',
  legacyDepositSdiraOnly: 'Legacy deposits are for legacy accounts: please use Direct wire',
  directWireLegacyOnly: 'Legacy accounts are funded by legacy deposit: please use Legacy Top-Up',
  tooManyPendingWires:
    'You have {max} direct wires waiting for payment. Please pay one, or wait for one to expire, before making another.',
  directWireThankYou:
    'Thank you! Please remit {amount} USD within {days} days ({hours} hours), by {due}, quoting your order number {orderId}.',
  wireReceived: 'Wire recorded as received: the tokens were issued',
  wireRejected: 'Wire rejected',
  wireAlreadyDecided: 'This wire was already recorded or rejected',
  wireTooSmall: 'What was received does not cover the wire fee, so no tokens can be issued',
  wireReceivedNotice: 'Your direct wire {orderId} was received: {tokens} {symbol} were added to your vault.',
  wireActivatedNotice: 'Your contribution activated your vault.',
  wireRejectedNotice: 'Your direct wire {orderId} was rejected: {reason}',
  wireExpiredNotice: 'Your direct wire {orderId} expired: no funds arrived by {due}.',
  // ours: online purchases (issue 13)
  onlinePurchaseCap: 'Maximum online exchange is 5,000.00 dollar tokens',
  onlinePurchaseCreated: 'Order created: please approve the payment',
  onlinePurchaseCaptured: 'Payment received: your tokens were added to your vault',
  onlinePurchasePending: 'Payment is being processed: your tokens arrive once it completes',
  onlinePurchaseFailed: 'something error occurred',
  onlinePurchaseNotPending: 'This purchase is no longer waiting for payment',
  onlinePurchaseNotApproved: 'The payment was not approved yet',
  onlinePurchaseCancelled: 'Payment cancelled',
  onlinePurchaseReceivedNotice:
    'Your {method} payment {orderId} was received: {tokens} {symbol} were added to your vault.',
  onlinePurchaseFailedNotice: 'Your {method} payment {orderId} failed: {reason}',
  onlinePurchaseExpiredNotice: 'Your {method} payment {orderId} expired: it was not completed by {due}.',
  onlinePurchaseChargedBackNotice:
    'Your {method} payment {orderId} was reversed ({status}): {reversed} {symbol} were taken back from your vault.',
  onlinePurchaseChargedBackDebtNotice:
    'Your {method} payment {orderId} was reversed ({status}): {reversed} {symbol} were taken back from your vault and {debt} {symbol} are owed.',
  providerUnavailable: 'The payment provider cannot be reached at the moment. Please try again later.',
  // Crypto deposits to a member's own address (issue 13 item 4)
  cryptoDepositNotice: 'Your deposit of {amount} {symbol} has arrived in your vault.',
  coinNotDepositable: 'This coin cannot be deposited to an address of your own. Please choose another.',
  depositAddressUnavailable: 'Your deposit address cannot be prepared at the moment. Please try again later.',
  // spec 2 §5 Member registration (COINQVEST, issue 13)
  qvestFirstNameRequired: 'First Name is Required',
  qvestLastNameRequired: 'Last Name is Required',
  qvestCompanyRequired: 'Company is Required',
  qvestAddressLine1Required: 'Address Line 1 is Required',
  qvestZipCodeRequired: 'ZipCode is Required',
  qvestCityRequired: 'City is Required',
  qvestPhoneNumberRequired: 'PhoneNumber is Required',
  qvestCountryRequired: 'Country is Required',
  // ours: COINQVEST (issue 13)
  coinqvestCustomerSaved: 'You are registered with COINQVEST',
  coinqvestCustomerRequired: 'Please register with COINQVEST first',
  coinqvestCustomerRefused: 'COINQVEST could not register these details. Please check them and try again.',
  coinqvestCheckoutStarted: 'Checkout created: please complete the payment in the new window',
  // spec 2 §5 Direct-debit customer registration (GoCardless, issue 13); ours: the GoCardless flow
  ddEmailRequired: 'Email is required',
  ddEmailInvalid: 'Email is invalid',
  ddGivenNameRequired: 'Given name is required',
  ddFamilyNameRequired: 'Family name is required',
  ddAddressRequired: 'Address is required',
  ddCityRequired: 'City is required',
  ddPostalCodeRequired: 'Postal code is required',
  ddPhoneTooShort: 'Phone number must be at least 6 characters',
  ddRedirectCreated: 'Please set up the direct debit on the page that opens',
  ddSetUp: 'Direct Debit Set Up Successfully',
  ddFlowUnknown: 'This direct debit set-up was not found or has expired',
  ddFlowIncomplete: 'The direct debit set-up was not finished: please start again',
  activationAcquiredOnly:
    'Tokens received from other members do not count toward activation: you need at least {amount} {symbol} acquired by purchase, swap or credit',

  // spec 2 §5 Redeem-address form (issue 14 item 1); ours: the redeem addresses' answers
  accountNameRequired: 'Account Name is required',
  bankAddressRequired: 'Bank Address is required',
  bankNameRequired: 'Bank Name is required',
  zellePayRequired: 'ZellePay Address is required',
  redeemAddressRequired: 'Address is required',
  accountNumberRequired: 'Account no. is required',
  redeemPhoneInvalid: 'Phone number is not valid',
  swiftInvalid: 'SWIFT / BIC must be 8 or 11 letters and digits',
  abaInvalid: 'ABA number must be 9 digits with a valid check digit',
  redeemAddressSaved: 'Redeem address saved',
  redeemAddressUpdated: 'Redeem address updated',
  redeemAddressDeleted: 'Redeem address deleted',
  redeemAddressLimit: 'You can keep at most {max} redeem addresses: please delete one first',

  // ours: abuse limits (429)
  tooManyLogins: 'Too many failed login attempts. Please wait 15 minutes and try again.',
  tooManyResetCodes: 'Too many reset codes requested. Please wait an hour and try again.',
  tooManyCodeTries: 'Too many wrong codes. Please request a new code.',
  // ours: issue 8, the reset-code budget and idle sessions
  resetPaused:
    'Password reset is paused for this account after too many wrong codes. You can still log in with your password, or contact support.',
  idleLoggedOut: 'You were logged out after {minutes} minutes without activity.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  tooManyFailedSends:
    'Too many sends could not be made. Please check the e-mail addresses and your balance, and try again in an hour.',

  // spec 2 §4, §5, §8: subscriptions (issue 16)
  notSubscribed: 'You are not subscribed. Please subscribe first.',
  subscribePlanFirst: 'Please subscribe plan first',
  subscriptionConfirm: 'Are you sure you want this Subscription?',
  subscriptionCancelConfirm: 'Are you sure you want to cancel your subscription?',
  // ours: subscriptions ({title}, {date}, {amount} are filled in by the server)
  subscribed: 'Subscription successful: your {title} plan is active',
  subscriptionCancelled:
    'Your subscription has been cancelled. You can still acquire opportunity tokens until it expires on {date}.',
  subscriptionPlanUnknown: 'This plan does not exist',
  subscriptionPlanRetired: 'This plan is no longer offered',
  subscriptionLifetimeNotRecurring: 'Lifetime plans are paid once: choose One time',
  subscriptionAlreadyActive: 'You already have this plan until {date}',
  subscriptionAlreadyActiveLifetime: 'You already have this lifetime plan',
  subscriptionOnlyVaultDollars: 'Subscriptions are paid in CQR Dollars (your Q wallet)',
  subscriptionLifetimeNoCancel: 'A lifetime subscription cannot be cancelled',
  subscriptionAlreadyCancelled: 'This subscription is already cancelled',
  subscriptionNotCurrent: 'This subscription has already ended',
  subscribedNotice: 'You subscribed to {title} for {amount} Q',
  subscriptionRenewedNotice: 'Your {title} subscription was renewed for {amount} Q until {date}',
  subscriptionEndedNotice: 'Your {title} subscription ended on {date}',
  subscriptionPlanRetiredNotice: 'Your {title} subscription ended on {date}: the plan is no longer offered',
  subscriptionSdiraCancelledNotice:
    'Your {title} subscription was cancelled automatically: your Q balance was short of the {amount} Q renewal on {date}',
  subscriptionRenewalFailedNotice:
    'Your {title} subscription could not be renewed: your Q balance is short of {amount} Q. Top up by {deadline} or it ends then.',
  subscriptionLapsedNotice:
    'Your {title} subscription ended: your Q balance stayed short of the {amount} Q renewal until {deadline}',
  planSaved: 'Plan saved',
  planRetired: 'Plan retired: it is no longer offered; its subscribers keep it until their paid period ends',
  planAlreadyRetired: 'This plan is already retired',
  planTitleRequired: 'Enter a title of 2 to 100 characters',
  planLogoInvalid: 'Enter the logo as a path of this site (/…)',
  planPriceInvalid: 'Enter a price in USD above 0 with at most 2 decimals',
  planDurationInvalid: 'Choose a duration: month, quarter, year or lifetime',

  // spec 2 §5 Acquire units (issue 17): the "Get Units Now" dialog and its request
  acquireAmountRequired: 'Please enter amount first',
  acquireAmountNegative: 'Amount cannot be negative',
  acquireSharesNotAvailable: 'Enter number of share not available',
  acquireInsufficientBalance: 'insufficient balance',
  // ours: acquire requests and pools (issue 17)
  acquireAmountInvalid: 'Enter a number of units above 0 with at most 2 decimals',
  acquirePoolUnknown: 'This opportunity does not exist',
  poolSaved: 'Opportunity pool saved',
  poolNameRequired: 'Enter a name of 1 to 100 characters',
  poolTitleRequired: 'Enter a title of 1 to 100 characters',
  poolImageInvalid: 'Enter the image as a path of this site (/…)',
  poolDescriptionInvalid: 'Enter a description of at most 5,000 characters',
  poolSupplyInvalid: 'Enter a total supply of 1,000,000 to 1,000,000,000 whole units',
  poolPriceInvalid: 'Enter a price per unit above 0 with at most 8 decimals',
  poolDueDateInvalid: 'Enter the due date as a date (YYYY-MM-DD)',
  poolRoyaltiesInvalid: 'Enter the royalties in at most 2,000 characters',
  acquireApproved: 'Acquire request approved: the units are the member’s',
  acquireRejected: 'Acquire request rejected: the Q and the units are released',
  acquireApprovedNotice: 'Your request for {amount} units of {name} was approved: they are in your vault.',
  acquireRejectedNotice:
    'Your request for {amount} units of {name} was rejected: {reason}. Your {price} Q are yours again.',
  // ours: pool supply, expiry and the member's own requests (issue 17 items 3, 7; helper H2)
  acquireExpiredNotice:
    'Your request for {amount} units of {name} expired undecided after 30 days. Your {price} Q are yours again.',
  acquireRequestUnknown: 'This acquire request does not exist',
  acquireExpiredNote: 'Request expired undecided after 30 days: the Q was released',
  poolSupplyChanged: 'Total supply changed',
  poolSupplyInUse:
    'The total supply can go down by at most the {remaining} units still unsold (reserved and members’ units stay)',

  // spec 2 §5 Crypto redeem and Direct wire redeem (issue 14)
  redeemTokenRequired: 'Please select a token to continue',
  redeemAmountInvalid: 'Please enter a valid amount value',
  redeemInsufficientBalance: 'Insufficient Balance',
  redeemAddressChoose: 'Please choose one of your redeem addresses',
  redeemNotMatured:
    'Only tokens held for 1 year and 1 day can be redeemed: {redeemable} {symbol} can be redeemed now{next}.',
  redeemNextLot: '; more on {date}',
  redeemNotRedeemable: 'This token cannot be redeemed',
  redeemSdiraDirectWire: 'Self-directed retirement tokens are redeemed by direct wire',
  redeemRequested: 'Your redeem request was received. The credit takes 10-15 working days after approval.',
  redeemApprovedNotice: 'Your redeem request of {amount} {symbol} was approved.',
  redeemAcceptedNotice: 'Your redeem request of {amount} {symbol} was accepted: the wire is on its way.',
  redeemRejectedNotice: 'Your redeem request of {amount} {symbol} was rejected: {reason}',
  redeemExpiredNotice: 'Your redeem request of {amount} {symbol} expired undecided: the tokens are yours again.',
  // spec 2 §5 Crypto redeem: the target account per network
  targetNetworkRequired: 'Please select a network to continue',
  targetAddressRequired: 'Please enter address to continue',
  targetPixKeyRequired: 'Please enter a valid pix key value',
  targetTaxIdRequired: 'Please enter a valid tax id value',
  targetCbuRequired: 'Please enter a cbu key value',
  targetCuitPersonalRequired: 'Please enter a valid cuit personal value',
  targetStellarAccountRequired: 'Please enter a valid account value',
  targetStellarAssetRequired: 'Please select a stellar asset to continue.',
  // ours: a target account that is there but malformed (checksums and check digits included)
  bitcoinAddressInvalid: 'This is not a valid Bitcoin address',
  litecoinAddressInvalid: 'This is not a valid Litecoin address',
  ethereumAddressInvalid: 'This is not a valid Ethereum address: 0x followed by 40 hexadecimal characters',
  ethereumChecksumInvalid:
    'This Ethereum address has a wrong checksum (its upper and lower case letters do not match): please copy it again',
  lightningTargetInvalid:
    'This is not a valid Lightning invoice (lnbc…), LNURL (lnurl1…) or Lightning address (name@domain)',
  stellarAccountInvalid: 'This is not a valid Stellar account: a public key of 56 characters starting with G',
  stellarAssetInvalid: 'This is not a valid Stellar asset: a code of 1 to 12 letters or digits, or CODE:ISSUER',
  stellarMemoTypeInvalid: 'Please choose a Stellar memo type: text, id, hash or return',
  stellarMemoTextTooLong: 'A Stellar text memo can be at most 28 bytes long',
  stellarMemoIdInvalid: 'A Stellar id memo is a whole number from 0 to 18446744073709551615',
  stellarMemoHashInvalid: 'A Stellar hash or return memo is 64 hexadecimal characters (32 bytes)',
  pixKeyInvalid: 'This is not a valid PIX key: enter a CPF, CNPJ, e-mail, phone number starting with +55 or random key',
  pixTaxIdInvalid: 'This is not a valid CPF or CNPJ: please check the number and its check digits',
  cbuInvalid: 'This is not a valid CBU: 22 digits whose check digits must match',
  cuitPersonalInvalid:
    'This is not a valid personal CUIT/CUIL: 11 digits starting with 20, 23, 24 or 27, with a matching check digit',
  cuitCompanyInvalid:
    'This is not a valid company CUIT: 11 digits starting with 30, 33 or 34, with a matching check digit',

  // spec 2 §5 Sell listing and the marketplace (issue 17 items 4, 5, 8; helper H1). The spec's words first.
  marketplaceValueRequired: 'Value is Required',
  marketplaceQuantityRequired: 'Quantity is Required',
  marketplaceAdCreated: 'ad created successfully',
  // ours
  marketplaceQuantityDecimals: 'number field must have 8 digits after decimal or less',
  marketplaceQuantityInvalid: 'Please enter a valid quantity',
  marketplaceValueInvalid: 'Please enter a valid value per unit',
  marketplacePoolUnitsDecimals: 'Units of an opportunity token have at most 2 decimals',
  marketplaceCoinTypeInvalid: 'Please choose what to offer: a native token or an opportunity token',
  marketplaceWalletUnknown: 'Please choose a token you hold',
  marketplaceNotListable: 'Only asset tokens and opportunity tokens can be listed on the marketplace',
  marketplaceDescriptionTooLong: 'The description can be at most 1000 characters long',
  marketplaceInsufficientUnits: 'You do not hold that many units',
  marketplaceAdUnknown: 'This ad does not exist',
  marketplaceStatusInvalid: 'Please choose active or deactivated',
  marketplaceFilterInvalid: 'Please choose recently_listed, price_low_to_high or price_high_to_low',
  marketplacePriceBoundInvalid: 'Please enter a valid price: digits with at most 8 decimals',
  marketplaceOwnAd: 'You cannot acquire units of your own ad',
  marketplaceAdNotAvailable: 'This ad is not available any more',
  marketplaceUnitsLeft: 'Only {remaining} units are left',
  marketplaceTotalTooSmall: 'The total must be at least 0.01 Q: please take more units',
  marketplaceInsufficientBalance: 'insufficient balance',
  marketplaceExchanged: 'Units acquired successfully',
  marketplaceAdActivated: 'Ad activated',
  marketplaceAdDeactivated: 'Ad deactivated',
  marketplaceAdDeleted: 'Ad deleted',
  marketplaceAdHidden: 'Ad hidden',
  marketplaceSoldNotice: 'A member acquired {amount} {symbol} of your marketplace ad for {total} Q.',
  marketplaceHiddenNotice:
    'Your marketplace ad of {symbol} was taken down by the back office: {reason}. Its {amount} unsold units are yours again.',

  // spec 2 §8 (issue 17, the member web's words; helper H3)
  listingPosted: 'Your listing has been posted successfully',
  // ours: the member web's marketplace dialogs (issue 17)
  adDeactivateConfirm: 'Are you sure you want to deactivate this ad?',
  adActivateConfirm: 'Are you sure you want to activate this ad?',
  adDeleteConfirm: 'Are you sure you want to delete this ad?',
  adAcquireConfirm: 'Are you sure you want to acquire these units?',
} as const;

export type MessageKey = keyof typeof messages;

/** A message with its {placeholders} filled in: fillMessage('{amount} {symbol}', { amount: '5', symbol: 'XAG' }). */
export const fillMessage = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
