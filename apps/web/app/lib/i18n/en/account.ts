/** English strings of the account-deletion flow and /success (product §2, §4, §5). */
export const account = {
  account: {
    title: "Delete account",
    description: (company: string) =>
      `Delete your ${company} app account: enter your e-mail, confirm, and type the 4-digit code we send you.`,
    heading: "Delete your account",
    explanation: (product: string) =>
      `To delete your ${product} account, enter the e-mail address you signed up with. We will send a confirmation code to that address; enter it here to confirm. Your name, e-mail and phone number are then deleted.`,
    email: "Email",
    submit: "Submit",
    confirmTitle: "Are you Sure?",
    confirmBody: "You won't be able to revert this!",
    confirm: "Confirm",
    cancel: "Cancel",
    codeTitle: "Enter Verification Code",
    codeIntro: (email: string) => `We sent a 4-digit code to ${email} if an account exists for it.`,
    codeGroup: "Verification code",
    codeDigit: (n: number) => `Digit ${n} of 4`,
    verify: "Verify",
    working: "Please wait…",
    note: "If you need help, or cannot receive the code, contact us at",
    noteLead: "Need help?",
    successTitle: "Account deleted",
    successDescription: "Your app account and its personal data have been deleted.",
    success: "Your Account has been deleted successfully!!",
    home: "Home",
  },
};
