"""Forms of the federation's player registry: one player, CSV import."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = [
            "federation_number",
            "last_name",
            "first_name",
            "club",
            "city",
            "birth_year",
            "email",
            "publish_name",
        ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Members have a number; giving a guest one makes them a member (issue 16).
        self.fields["federation_number"].required = True

    def clean_birth_year(self):
        # The model's check constraint would only say "Bedingung … ist nicht erfüllt".
        year = self.cleaned_data.get("birth_year")
        if year is not None and not 1900 <= year <= 2100:
            raise forms.ValidationError(_("The year of birth must be between 1900 and 2100."))
        return year


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_(
            "Columns: membership number; last name; first name; club; town; year of birth; "
            "e-mail; publish name (yes/no). Delimiter ; or , – UTF-8 or Excel (Windows-1252)."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        return upload
