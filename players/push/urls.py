"""A person's devices with push messages (issue 34), under /konto/geraete/ (no namespace)."""

from django.urls import path

from players.push import views

urlpatterns = [
    path("", views.devices, name="push_devices"),
    path("einschalten/", views.subscribe, name="push_subscribe"),
    path("<int:pk>/", views.device, name="push_device"),
]
