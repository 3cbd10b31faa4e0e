"""Referee area (issue 6): warnings, cards, rulings."""

app_name = "referee"
urlpatterns: list = []
