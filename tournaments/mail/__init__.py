"""The site's e-mails, in one home (issue 26): every mail is a kind with a template pair
(templates/mail/<kind>.txt and .html), queued as an `OutgoingMail` row in the transaction of its
occasion and rendered and sent by the one task `tournaments.send_mail` (retried, swept)."""
