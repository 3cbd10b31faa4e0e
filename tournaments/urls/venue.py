"""Offline venue mode (issue 18), namespace "venue": the director's section under /leitung/,
the federation's review, the laptop's upload endpoint /venue/upload/ and its resume request
/venue/resume/."""

from django.urls import path

from tournaments.venue.views import director, review, upload

app_name = "venue"
urlpatterns = [
    path("venue/upload/", upload.venue_upload, name="upload"),
    path("venue/resume/", upload.venue_resume, name="resume"),
    path("leitung/turniere/<int:pk>/spielort/", director.venue_page, name="section"),
    path(
        "leitung/turniere/<int:pk>/spielort/auschecken/",
        director.venue_checkout,
        name="checkout",
    ),
    path("leitung/turniere/<int:pk>/spielort/paket/", director.venue_package, name="package"),
    path("leitung/turniere/<int:pk>/spielort/einchecken/", director.venue_checkin, name="checkin"),
    path("leitung/turniere/<int:pk>/spielort/widerrufen/", director.venue_revoke, name="revoke"),
    path("leitung/spielort/pruefung/", review.review_list, name="review_list"),
    path("leitung/spielort/pruefung/<int:upload_pk>/", review.review_detail, name="review"),
    path(
        "leitung/spielort/konflikte/<int:pk>/",
        review.conflict_resolve,
        name="conflict_resolve",
    ),
    path("leitung/spielort/helfer/<int:pk>/", review.person_link, name="person_link"),
]
