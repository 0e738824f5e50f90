from django.urls import path

from scoring import views

urlpatterns = [
    path(
        "clubs/<slug:slug>/sittings/<int:pk>/scores.json",
        views.sitting_scores_json,
        name="sitting_scores_json",
    ),
]
