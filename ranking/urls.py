"""Ranking, appeals and the rules commission (issue 7)."""

app_name = "ranking"
urlpatterns: list = []
