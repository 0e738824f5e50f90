"""The ratings' page, under ``/clubs/<slug>/``; names ``ratings:…``."""

from django.urls import path

from scoring.ratings import views

app_name = "ratings"
urlpatterns = [
    path("ratings/", views.table, name="table"),
]
